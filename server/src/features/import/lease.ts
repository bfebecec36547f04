/** A running import's lease: renewed with each slice and on a timer; past it, its process is gone. */
export const leaseMs = 60_000;
export const leaseUntil = () => new Date(Date.now() + leaseMs).toISOString();
