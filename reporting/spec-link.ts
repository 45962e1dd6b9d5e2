/**
 * Where the report's spec links land: spec.html beside the verdict page and
 * allure.html, whose element ids are the spec index's anchors (`§4.4/DeleteMessage`) and sections
 * (`§4.4`). One place, so the verdict page, its cards and the Allure descriptions agree.
 */
export const SPEC_PAGE = 'spec.html';

/** The address of a unit (`§4.4/DeleteMessage`) or a section (`§4.4`) in spec.html, from a page beside it. */
export const specHref = (anchorOrSection: string) => `${SPEC_PAGE}#${encodeURIComponent(anchorOrSection)}`;
