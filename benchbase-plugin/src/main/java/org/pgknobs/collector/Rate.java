package org.pgknobs.collector;

/** A total over a window, per measured second and per transaction (null when there were none). */
public record Rate(double total, double perSecond, Double perTransaction) {

    public static Rate of(double total, double seconds, long transactions) {
        return new Rate(total, seconds > 0 ? total / seconds : 0, transactions > 0 ? total / transactions : null);
    }
}
