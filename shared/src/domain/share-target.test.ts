import { describe, expect, it } from 'vitest';
import { bookmarkMessages } from './bookmarks.js';
import { limits } from './constants.js';
import { pickSharedLink, saveMessages, saveProblemMessage, saveProblemOf, savePageUrl } from './share-target.js';

describe('pickSharedLink', () => {
  it('takes the url field and the title field when the sharing app fills them', () => {
    expect(pickSharedLink({ url: ' https://example.com/a ', title: '  An   article ', text: 'ignored' })).toEqual({
      link: 'https://example.com/a',
      title: 'An article',
    });
  });

  it('finds the link in the text, as Android apps send it, and makes the rest the title', () => {
    expect(pickSharedLink({ text: 'Look at this https://example.com/x' })).toEqual({
      link: 'https://example.com/x',
      title: 'Look at this',
    });
    expect(pickSharedLink({ title: 'Chosen', text: 'https://example.com/x?a=1&b=2#top' })).toEqual({
      link: 'https://example.com/x?a=1&b=2#top',
      title: 'Chosen',
    });
  });

  it('leaves the sentence’s punctuation and an unopened bracket out of the link', () => {
    expect(pickSharedLink({ text: 'Read it (https://example.com/a_(b)).' })).toEqual({
      link: 'https://example.com/a_(b)',
      title: 'Read it ()',
    });
    expect(pickSharedLink({ text: 'See https://example.com/page, then https://other.example/.' })).toMatchObject({
      link: 'https://example.com/page',
    });
    expect(pickSharedLink({ text: 'Title: https://example.com/x.' })).toEqual({
      link: 'https://example.com/x',
      title: 'Title',
    });
    // The en and em dashes a sharing app puts between a headline and its link.
    expect(pickSharedLink({ text: 'A headline \u2014 https://example.com/x' })).toEqual({
      link: 'https://example.com/x',
      title: 'A headline',
    });
    expect(pickSharedLink({ text: 'https://example.com/x \u2013 A headline' })).toEqual({
      link: 'https://example.com/x',
      title: 'A headline',
    });
  });

  it('takes the first web address, passing over other schemes in the text', () => {
    expect(pickSharedLink({ text: 'ftp://files.example/x and then http://example.com/y' })).toEqual({
      link: 'http://example.com/y',
      title: 'ftp://files.example/x and then',
    });
  });

  it('leaves the title empty when only the link was shared: the add dialog then looks the page up', () => {
    expect(pickSharedLink({ text: 'https://example.com/only' })).toEqual({
      link: 'https://example.com/only',
      title: '',
    });
  });

  it('refuses a url field that is not a web address, even with a web address in the text', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd']) {
      expect(pickSharedLink({ url, text: 'https://example.com/' })).toEqual({ problem: 'not-web' });
    }
  });

  it('refuses a text that is one address of another scheme', () => {
    expect(pickSharedLink({ text: ' javascript:alert(document.cookie) ' })).toEqual({ problem: 'not-web' });
    expect(pickSharedLink({ text: 'data:text/html;base64,PHNjcmlwdD4=' })).toEqual({ problem: 'not-web' });
  });

  it('says when nothing shared holds a link', () => {
    expect(pickSharedLink({})).toEqual({ problem: 'no-link' });
    expect(pickSharedLink({ title: 'Just a title', text: 'Note: no address here' })).toEqual({ problem: 'no-link' });
    expect(pickSharedLink({ url: '   ', text: 'www.example.com without a scheme' })).toEqual({ problem: 'no-link' });
  });

  it('refuses an address past the limit, and keeps a long title whole up to the imported limit', () => {
    const long = 'https://example.com/' + 'a'.repeat(limits.addressMax);
    expect(pickSharedLink({ url: long })).toEqual({ problem: 'too-long' });
    const picked = pickSharedLink({ url: 'https://example.com/', title: 't'.repeat(limits.importedTitleMax + 50) });
    expect(picked).toEqual({ link: 'https://example.com/', title: 't'.repeat(limits.importedTitleMax) });
  });
});

describe('the save page’s address and messages', () => {
  it('carries the link and title, or only the problem', () => {
    expect(savePageUrl({ link: 'https://example.com/a?b=1&c=2', title: 'A & B' })).toBe(
      '/save?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2&title=A+%26+B',
    );
    expect(savePageUrl({ link: 'https://example.com/', title: '' }, { popup: true })).toBe(
      '/save?url=https%3A%2F%2Fexample.com%2F&popup=1',
    );
    expect(savePageUrl({ problem: 'not-web' })).toBe('/save?problem=not-web');
  });

  it('checks an address the bookmarklet gave as the share target checks a shared one', () => {
    expect(saveProblemOf('https://example.com/')).toBeNull();
    expect(saveProblemOf('javascript:alert(1)')).toBe('not-web');
    expect(saveProblemOf('JAVASCRIPT:alert(1)')).toBe('not-web');
    expect(saveProblemOf(null)).toBe('no-link');
    expect(saveProblemMessage('not-web')).toBe(saveMessages.notWebAddress);
    expect(saveProblemMessage('no-link')).toBe(saveMessages.noLink);
    expect(saveProblemMessage('too-long')).toBe(bookmarkMessages.addressTooLong);
  });
});
