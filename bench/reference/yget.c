/*
 * yget: the reference client of the fetch benchmark. It downloads one yEnc-encoded file from an
 * NNTP server the plain way a C downloader does: N connections, each one BODY command at a time,
 * every reply read whole to its terminating line, decoded by a byte loop in C and written at its
 * place in the output file. It checks no CRC and keeps nothing in memory beyond one reply per
 * connection, so it is the least work a correct download can do, done in C.
 *
 *   cc -O2 -pthread -o yget yget.c
 *   yget HOST PORT CONNECTIONS ARTICLES OUT
 *
 * ARTICLES lists one message-id a line (without angle brackets), in any order. Each article's
 * place comes from its =ypart begin=. Prints "BYTES SECONDS MB/s" and exits 0 when every article
 * was written; exits 1 and names the article otherwise.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static const char *host;
static int port;
static char **ids;
static int count;
static int out;
static atomic_int next;
static atomic_long written;
static atomic_int failed;

static int dial(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, host, &a.sin_addr);
    if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a) != 0) return -1;
    int one = 1;
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return s;
}

/* Reads one reply into *buf (grown as needed): its status line and, when the status is 222, the
 * body to its terminating line. Returns the reply's length and sets *head to the body's first
 * byte, or returns -1 when the connection ends first. */
static long reply(int s, char **buf, long *cap, long *head) {
    long len = 0;
    *head = -1;
    for (;;) {
        if (*cap - len < 65536) {
            *cap *= 2;
            *buf = realloc(*buf, *cap);
        }
        ssize_t n = recv(s, *buf + len, *cap - len, 0);
        if (n <= 0) return -1;
        len += n;
        if (*head < 0) {
            char *eol = memmem(*buf, len, "\r\n", 2);
            if (!eol) continue;
            *head = eol + 2 - *buf;
            if (strncmp(*buf, "222", 3) != 0) return len;
        }
        /* Only the terminating line is "." alone: a data line starting with a dot is doubled. */
        if (len - *head >= 3 && memcmp(*buf + len - 5, "\r\n.\r\n", 5) == 0) return len;
    }
}

/* Decodes the yEnc body in b[0..len) (the status line already removed) into o; returns the
 * decoded length and sets *begin to the part's first byte (1-based), or returns -1. */
static long decode(const unsigned char *b, long len, unsigned char *o, long *begin) {
    long n = 0;
    long i = 0;
    *begin = -1;
    while (i < len) {
        long end = i;
        while (end < len && b[end] != '\n') end++;
        long stop = end > i && b[end - 1] == '\r' ? end - 1 : end;
        if (stop - i == 1 && b[i] == '.') break;
        if (stop - i >= 2 && b[i] == '=' && b[i + 1] == 'y') {
            if (stop - i >= 6 && memcmp(b + i, "=ypart", 6) == 0) {
                const unsigned char *p = memmem(b + i, stop - i, "begin=", 6);
                if (p) *begin = strtol((const char *)p + 6, NULL, 10);
            }
        } else {
            long k = i;
            if (stop - k >= 2 && b[k] == '.' && b[k + 1] == '.') k++;
            for (; k < stop; k++) {
                unsigned char c = b[k];
                if (c == '=' && k + 1 < stop) c = (unsigned char)(b[++k] - 64);
                o[n++] = (unsigned char)(c - 42);
            }
        }
        i = end + 1;
    }
    return *begin > 0 ? n : -1;
}

static void *lane(void *unused) {
    (void)unused;
    long cap = 1 << 20;
    char *buf = malloc(cap);
    unsigned char *decoded = malloc(cap);
    long decodedCap = cap;
    int s = dial();
    long head;
    if (s < 0 || reply(s, &buf, &cap, &head) < 0 || buf[0] != '2') {
        fprintf(stderr, "yget: cannot connect to %s:%d\n", host, port);
        atomic_store(&failed, 1);
        return NULL;
    }
    char command[1024];
    for (int i; (i = atomic_fetch_add(&next, 1)) < count && !atomic_load(&failed);) {
        int m = snprintf(command, sizeof command, "BODY <%s>\r\n", ids[i]);
        long len = send(s, command, m, 0) == m ? reply(s, &buf, &cap, &head) : -1;
        if (len < 0 || strncmp(buf, "222", 3) != 0) {
            fprintf(stderr, "yget: no body for <%s>\n", ids[i]);
            atomic_store(&failed, 1);
            break;
        }
        if (decodedCap < len) {
            decodedCap = len;
            decoded = realloc(decoded, decodedCap);
        }
        long begin;
        long n = decode((unsigned char *)buf + head, len - head, decoded, &begin);
        if (n < 0 || pwrite(out, decoded, n, begin - 1) != n) {
            fprintf(stderr, "yget: cannot decode or write <%s>\n", ids[i]);
            atomic_store(&failed, 1);
            break;
        }
        atomic_fetch_add(&written, n);
    }
    close(s);
    free(buf);
    free(decoded);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: yget HOST PORT CONNECTIONS ARTICLES OUT\n");
        return 2;
    }
    host = argv[1];
    port = atoi(argv[2]);
    int connections = atoi(argv[3]);
    FILE *list = fopen(argv[4], "r");
    if (!list) {
        perror(argv[4]);
        return 2;
    }
    char line[1024];
    int cap = 1024;
    ids = malloc(cap * sizeof *ids);
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!*line) continue;
        if (count == cap) ids = realloc(ids, (cap *= 2) * sizeof *ids);
        ids[count++] = strdup(line);
    }
    fclose(list);
    out = open(argv[5], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0) {
        perror(argv[5]);
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_t *lanes = malloc(connections * sizeof *lanes);
    for (int i = 0; i < connections; i++) pthread_create(&lanes[i], NULL, lane, NULL);
    for (int i = 0; i < connections; i++) pthread_join(lanes[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    close(out);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    long bytes = atomic_load(&written);
    printf("%ld %.3f %.1f\n", bytes, seconds, bytes / seconds / 1e6);
    return atomic_load(&failed) || atomic_load(&next) < count ? 1 : 0;
}
