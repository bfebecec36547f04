export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

type ShareHost = Pick<Navigator, 'share' | 'clipboard'>;

/**
 * Shares a page through the device's share sheet. Where there is none, or it reports that it cannot
 * share (the spec's 'method not supported' case, or a browser's NotAllowedError or
 * NotSupportedError), the link is copied instead so that the visitor can paste it anywhere. Only an
 * AbortError, the visitor closing the sheet, ends it there.
 */
export async function shareLink(url: string, title: string, host: ShareHost = navigator): Promise<ShareOutcome> {
  if (typeof host.share === 'function') {
    try {
      await host.share({ title, url });
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!host.clipboard?.writeText) return 'failed';
    await host.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
