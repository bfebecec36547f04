import { forwardRef } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string };

/** Paths that leave the single-page app or only move within the page use a plain anchor. */
function isClientPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/') && !href.startsWith('/promo/');
}

/**
 * Lets every MUI Link, Button and ListItemButton with an `href` navigate through the router, so the
 * components (including the host-free ones in shared/ui) need not know about react-router.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Props>(function LinkBehavior({ href = '', ...rest }, ref) {
  if (!isClientPath(href)) return <a ref={ref} href={href} {...rest} />;
  return <RouterLink ref={ref} to={href} {...rest} />;
});
