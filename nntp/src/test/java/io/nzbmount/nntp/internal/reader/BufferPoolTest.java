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
    void aClosedPoolKeepsNothingHandedBack() {
        BufferPool pool = new BufferPool(16, 4);
        byte[] b = pool.take();
        pool.close();
        pool.give(b);
        assertEquals(0, pool.idle());
    }
}
