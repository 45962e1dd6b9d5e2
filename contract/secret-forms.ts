/** The forms a secret takes in evidence and reports, as the redactor (harness/redact.ts) and the sweep (cli/scrub.ts) look for them. */
export type SecretForm = 'plain' | 'URL-encoded' | 'JSON-escaped' | 'base64';

/**
 * Every form of `value`, each text once (the first form that spells it names it). A value with a
 * lone surrogate, which a target may hand out in JSON, has no URL-encoded form: encodeURIComponent
 * refuses it, and the value cannot reach a URL but as its other forms.
 */
export function secretForms(value: string): Array<[string, SecretForm]> {
  const forms: Array<[string, SecretForm]> = [[value, 'plain']];
  for (const [text, form] of [[urlEncoded(value), 'URL-encoded'], [JSON.stringify(value).slice(1, -1), 'JSON-escaped'], [Buffer.from(value).toString('base64'), 'base64']] as const) {
    if (text !== undefined && !forms.some(([t]) => t === text)) forms.push([text, form]);
  }
  return forms;
}

function urlEncoded(value: string): string | undefined {
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined;
  }
}
