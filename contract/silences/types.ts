import type { Anchor } from '../spec/index.js';

/**
 * A silence: a place where the interface specification says 'not shown', or where the suite had
 * to choose a reading (docs/clarifications.md). Each entry records the spec's own words, the
 * readings a conforming server may take, and how the suite stays neutral among them. The
 * reference server's variant axes (reference/axes/all.ts) name the silence they exercise; a
 * self-test checks that every silence that a server can read more than one way has an axis,
 * and every axis a silence.
 */
export interface Silence {
  /** stable id, named by reference axes (`axis(id, silence, values)`) */
  readonly id: string;
  /** the spec units the entry covers (contract/spec/units.ts): these count as *silent* in docs/coverage.md */
  readonly anchors: readonly [Anchor, ...Anchor[]];
  /** the spec section, e.g. '§8' */
  readonly section: string;
  /** the spec's sentence (or table row), quoted */
  readonly sentence: string;
  /** what a conforming server may do; the first is the default binding's */
  readonly readings: readonly string[];
  /** how the suite stays neutral: what it asserts that every reading shares, or what the target declares */
  readonly neutral: string;
  /** the profile key where a target declares its reading, if it does */
  readonly profileKey?: string;
  /** the clarifications-log entry (docs/clarifications.md), if any */
  readonly clarification?: string;
  /**
   * Why no server behaviour can differ here in a way the suite could observe (nothing the suite
   * sends or reads depends on it). Only such entries may have no variant axis.
   */
  readonly inert?: string;
}
