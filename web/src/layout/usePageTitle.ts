import { cutDescription } from '@linkhive/shared/domain';
import { useEffect } from 'react';

/** What index.html says; pages without a description of their own fall back to it. */
export const siteDescription =
  'Linkhive is a bookmark manager: save links into categories from your browser toolbar, keep favourites, ' +
  'search everything and share with your team.';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/** Sets the document title and the meta description (cut to the spec's 160 characters). */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} | Linkhive` : 'Linkhive';
    setMeta('name', 'description', cutDescription(description ?? siteDescription));
  }, [title, description]);
}

export function usePageTitle(title: string) {
  usePageMeta(title);
}

/** Link previews need absolute addresses, which only the running page knows. */
export function useOpenGraphUrls(path: string, image: string) {
  useEffect(() => {
    setMeta('property', 'og:url', new URL(path, window.location.origin).href);
    setMeta('property', 'og:image', new URL(image, window.location.origin).href);
  }, [path, image]);
}
