import fc from 'fast-check';

/** How a required field can be missing from a JSON body: absent, or present as null. */
export interface Omission {
  fields: string[];
  style: 'absent' | 'null';
  apply<T extends Record<string, unknown>>(body: T): Record<string, unknown>;
}

/**
 * spec §4.1 'Required fields': every non-empty subset of a grant's required fields, each
 * missing as absent or null. Shrinks towards a single absent field.
 */
export function omitFields(required: readonly string[]): fc.Arbitrary<Omission> {
  return fc
    .record({
      fields: fc.subarray([...required], { minLength: 1 }),
      style: fc.constantFrom<'absent' | 'null'>('absent', 'null'),
    })
    .map(({ fields, style }) => ({
      fields,
      style,
      apply: (body) => {
        const copy: Record<string, unknown> = { ...body };
        for (const f of fields) {
          if (style === 'absent') delete copy[f];
          else copy[f] = null;
        }
        return copy;
      },
      toString: () => `${fields.join(' and ')} ${style}`,
    }));
}
