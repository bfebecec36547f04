/**
 * The two-letter region of a browser language tag ('en-GB' gives 'gb'), or undefined when the tag
 * names none ('fr') or a numeric one ('es-419'): the server then answers for no region.
 */
export function regionFromLanguage(language: string | undefined): string | undefined {
  const region = language?.split(/[-_]/)[1];
  return region && /^[a-z]{2}$/i.test(region) ? region.toLowerCase() : undefined;
}

export function browserRegion(): string | undefined {
  return regionFromLanguage(typeof navigator === 'undefined' ? undefined : navigator.language);
}
