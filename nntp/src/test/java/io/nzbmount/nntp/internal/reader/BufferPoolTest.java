package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BufferPoolTest {

    @Test
    void aWindowThatShrankKeepsNoMoreIdleBuffersThanItsSize() {
        BufferPool pool = new BufferPool(16, 64);
        List<byte[]> taken = new ArrayList<>();
        for (int i = 0; i < 60; i++) taken.add(pool.take());
        taken.forEach(pool::give);
        assertEquals(60, pool.idle());
        pool.trim(8);
        assertEquals(8, pool.idle());
        byte[] kept = pool.take();
        pool.give(kept);
        assertSame(kept, pool.take(), "a buffer kept is reused");
    }

    @Test
    void buffersHandedBackAreKeptForTheFetchesTheWindowStillStarts() {
        BufferPool pool = new BufferPool(16, 64);
        List<byte[]> taken = new ArrayList<>();
        for (int i = 0; i < 8; i++) taken.add(pool.take());
        // The reader steps through six pieces already fetched before the next fetches start.
        for (int i = 0; i < 6; i++) pool.give(taken.get(i));
        pool.keepFor(8);
        assertEquals(6, pool.idle(), "two buffers are lent; the window of 8 takes six more");
        pool.keepFor(4);
        assertEquals(2, pool.idle(), "a window shrunk to 4 needs two besides the two lent");
        pool.give(taken.get(6));
        pool.give(taken.get(7));
        pool.keepFor(4);
        assertEquals(4, pool.idle());
        assertEquals(0, pool.lent());
    }

    @Test
    void aClosedPoolKeepsNothingHandedBack() {
        BufferPool pool = new BufferPool(16, 4);
        byte[] b = pool.take();
        pool.close();
        pool.give(b);
        assertEquals(0, pool.idle());
    }
}
