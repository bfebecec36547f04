import { describe, expect, it } from 'vitest';
import { bookmarkMessages, extensionMessages } from '@linkhive/shared/domain';
import { setupExtension } from '../testing/fakeExtension';
import { retryAlarm } from './queue';

const page = { link: 'https://notes.example.com/story', title: 'A story', category: 'News' };
const bookmarked = bookmarkMessages.bookmarked('A story', 'News');

describe('one notification per save', () => {
  it('shows one "Bookmarked" when retries overlap: the alarm, a tab switch and the popup at once', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    ext.server.setOnline(true);

    await Promise.all([
      ext.browser.alarms.onAlarm.trigger({ name: retryAlarm, scheduledTime: Date.now(), persistAcrossSessions: false }),
      ext.bg.retry(),
      ext.browser.runtime.sendMessage({ type: 'flush' }),
      ext.bg.retry(),
    ]);
    expect(ext.server.stored()).toHaveLength(1);
    expect(ext.notes().filter((n) => n.message === bookmarked)).toHaveLength(1);
    // And no later round tells it again.
    await ext.bg.retry();
    expect(ext.notes().filter((n) => n.message === bookmarked)).toHaveLength(1);
  });

  it('replaces the "Saved for later" of a shortcut save with its "Bookmarked" once it is sent', async () => {
    const ext = await setupExtension();
    await ext.openTab(page.link, page.title);
    ext.server.setOnline(false);
    await ext.pressShortcut();
    expect(ext.notes()).toMatchObject([{ title: 'Saved for later', message: extensionMessages.queued }]);

    ext.server.setOnline(true);
    await Promise.all([ext.bg.retry(), ext.bg.retry()]);
    expect(ext.notes()).toMatchObject([
      { title: 'Bookmarked', message: bookmarkMessages.bookmarked('A story', 'Uncategorized') },
    ]);
  });

  it('still tells two different saves apart', async () => {
    const ext = await setupExtension();
    ext.server.setOnline(false);
    await ext.bg.saver.save(page);
    await ext.bg.saver.save({ ...page, link: 'https://notes.example.com/other', title: 'Other' });
    ext.server.setOnline(true);
    await Promise.all([ext.bg.retry(), ext.bg.retry()]);
    expect(ext.notes()).toMatchObject([{ message: '2 of 2 waiting links have been saved to Linkhive' }]);
  });
});
