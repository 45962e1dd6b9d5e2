/** A run's start as every view states it: UTC, named so (2026-11-24 01:00:00 UTC). */
export const runStart = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');

/** A run's duration as every view states it. */
export const runDuration = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
