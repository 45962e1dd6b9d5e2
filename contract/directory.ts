import { z } from 'zod';

/**
 * The healthcare provider directory (spec §4.6: 'Its directory operations: not shown'), in the
 * default binding B6: the search of vendor-wire §6. Loose objects: only the fields a rule reads
 * are required; a target may add others.
 */

/** vendor-wire §6: the 14 query parameters, all sent on every search (empty when unused). */
export const SEARCH_PARAMETERS = [
  'City',
  'Fax',
  'FirstName',
  'LastName',
  'Npi',
  'OrganizationName',
  'OrganizationNpi',
  'OrganizationSpecialty',
  'Phone',
  'Role',
  'Specialty',
  'State',
  'Street',
  'Zip',
] as const;
export type SearchParameter = (typeof SEARCH_PARAMETERS)[number];
export type DirectoryQuery = Partial<Record<SearchParameter, string>>;

/** vendor-wire §6 Entry: every field a string except SourceID; a rule reads only the ones it names. */
export const DirectoryEntrySchema = z.record(z.string(), z.unknown());
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

export const DirectorySearchResponseSchema = z.looseObject({
  Entries: z.array(DirectoryEntrySchema),
  TotalMatches: z.number().int().min(0),
});
export type DirectorySearchResponse = z.infer<typeof DirectorySearchResponseSchema>;
