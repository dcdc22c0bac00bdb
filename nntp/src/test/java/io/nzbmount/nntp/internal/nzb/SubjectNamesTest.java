package io.nzbmount.nntp.internal.nzb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SubjectNamesTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            "name.ext" yEnc (1/94) 67108864                                              | name.ext
            [01/10] - "name.ext" yEnc (1/50)                                             | name.ext
            [01/10] - name.ext yEnc (1/50)                                               | name.ext
            name.ext yEnc (1/50) 12345                                                   | name.ext
            Some Release [1/5] - "name.ext"                                              | name.ext
            Some Release [1/5] - "name.ext" yEnc (1/50)                                  | name.ext
            Some Release [1/5] - name.ext yEnc (1/50)                                    | name.ext
            name.ext (1/50)                                                              | name.ext
            name.ext                                                                     | name.ext
            Some.Release.2020.1080p [01/34] - "some.release.part01.rar" yEnc (1/143)     | some.release.part01.rar
            "Some Release Title" [02/10] - "title.nfo" yEnc (1/1)                        | title.nfo
            "Some.Release.1080p" - "movie.mkv" yEnc (3/900)                              | movie.mkv
            (01/10) "name.ext" - 12.3 MB yEnc (1/50)                                     | name.ext
            Release - [01/10] - name.ext - 12.3 MB yEnc (1/50)                           | name.ext
            [PRiVATE]-[WtFnZb]-[The.Movie.2020.mkv]-[1/3] - "" yEnc  2541234 (1/3)       | The.Movie.2020.mkv
            name with spaces.mkv yEnc (1/50)                                             | name with spaces.mkv
            "name with spaces.mkv" yEnc (1/5)                                            | name with spaces.mkv
            [1/1] - name.nzb yEnc (1/1) 4242                                             | name.nzb
            name.ext yEnc [1/50]                                                         | name.ext
            NAME.EXT YENC (1/50)                                                         | NAME.EXT
            Release [3/7] - "name.vol00+01.par2" yEnc (1/3)                              | name.vol00+01.par2
            [42/87] - "Movie.2019.mkv.001" yEnc (12/1500) 734003200                      | Movie.2019.mkv.001
            name.ext  yEnc  (1/50)                                                       | name.ext
            name.ext (01/50) 716800                                                      | name.ext
            [01/10] - "name.ext" yEnc (1/50) [tag]                                       | name.ext
            yenc.notes.txt yEnc (1/1)                                                    | yenc.notes.txt
            a8f7e6d5c4b3a2f1e0d9 yEnc (1/50)                                             | a8f7e6d5c4b3a2f1e0d9
            Just a subject without a file name                                           | Just a subject without a file name
            "../../etc/passwd" yEnc (1/1)                                                | passwd
            ../../etc/passwd                                                             | passwd
            C:\\evil\\name.exe yEnc (1/1)                                                | name.exe
            "folder/sub/name.ext" yEnc (1/2)                                             | name.ext
            """)
    void recoversTheFileNameFromCommonSubjectStyles(String subject, String expected) {
        assertEquals(expected, SubjectNames.fileName(subject.replace("\\\\", "\\"), "fallback"));
    }

    @Test
    void blankSubjectFallsBackToTheGivenName() {
        assertEquals("file-3", SubjectNames.fileName("   ", "file-3"));
        assertEquals("file-3", SubjectNames.fileName(null, "file-3"));
    }

    @Test
    void subjectThatIsOnlyDotsOrSeparatorsNeverYieldsAPathStep() {
        assertEquals("file-1", SubjectNames.fileName("..", "file-1"));
        assertEquals("\"..\" yEnc (1_1)", SubjectNames.fileName("\"..\" yEnc (1/1)", "file-1"));
        assertEquals("file-1", SubjectNames.fileName("/", "file-1"));
        assertEquals("file-1", SubjectNames.fileName(" ../.. ", "file-1"));
        assertEquals("unnamed", SubjectNames.fileName("", ""));
    }

    @Test
    void namesNeverContainSeparatorsControlOrDirectionCharacters() {
        String name = SubjectNames.fileName("\"evil\u202Egpj.exe\r\n\u0000.mkv\" yEnc (1/1)", "f");
        assertEquals("evilgpj.exe.mkv", name);
        for (String subject : new String[] {"a/b\\c.ext", "\"x/..\" yEnc", "..\\..\\win.ini (1/2)"}) {
            String n = SubjectNames.fileName(subject, "f");
            assertFalse(n.contains("/") || n.contains("\\"), n);
            assertFalse(n.isBlank());
            assertFalse(n.equals("..") || n.equals("."), n);
        }
    }

    @Test
    void overlongNamesAreCutKeepingTheExtension() {
        String longName = "a".repeat(400) + ".mkv";
        String name = SubjectNames.fileName("\"" + longName + "\" yEnc (1/1)", "f");
        assertEquals(SubjectNames.MAX_NAME_LENGTH, name.length());
        assertTrue(name.endsWith(".mkv"));
    }
}
