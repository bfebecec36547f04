/** The request both providers get: a JSON array only, so that parse.ts has one shape to check. */
export function recommendationPrompt(domain: string, region: string | undefined, count: number): string {
  const where = region
    ? ` Prefer websites relevant to users in the region with the two-letter code "${region.toUpperCase()}".`
    : '';
  return [
    `Recommend ${count} websites related to the website ${JSON.stringify(domain)}, not including that website itself.${where}`,
    `Answer with only a JSON array of ${count} objects with the string fields title, link, displayLink, snippet and htmlSnippet:`,
    'link is the full https address, displayLink its host name, snippet a one-sentence plain-text description,',
    'htmlSnippet the same description. No text before or after the array.',
  ].join(' ');
}
