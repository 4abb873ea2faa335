package org.pgknobs.report.captures;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * One capture file of a step as the reader found it: read, absent, or there but unreadable. An unreadable file
 * keeps its error, so that each user decides as before: a table that needs the file fails with it
 * ({@link #strict()}), a sentence or a drawing that merely could use it leaves it out ({@link #lenient()}).
 */
public sealed interface Capture<T> {

    record Read<T>(T value) implements Capture<T> {
    }

    record Absent<T>() implements Capture<T> {
    }

    record Unreadable<T>(RuntimeException error) implements Capture<T> {
    }

    static <T> Capture<T> absent() {
        return new Absent<>();
    }

    static <T> Capture<T> of(T value) {
        return value == null ? absent() : new Read<>(value);
    }

    /** What {@code read} returns, absent when it returns empty, unreadable when it throws. */
    static <T> Capture<T> reading(Supplier<Optional<T>> read) {
        try {
            return read.get().<Capture<T>>map(Read::new).orElseGet(Capture::absent);
        } catch (RuntimeException e) {
            return new Unreadable<>(e);
        }
    }

    /** The value; empty when absent; the read's error when unreadable. */
    default Optional<T> strict() {
        if (this instanceof Unreadable<T> u) {
            throw u.error();
        }
        return lenient();
    }

    /** The value; empty when absent or unreadable (a broken capture file must not cost the rest of the report). */
    default Optional<T> lenient() {
        return this instanceof Read<T> r ? Optional.of(r.value()) : Optional.empty();
    }
}
