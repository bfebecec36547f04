// @vitest-environment jsdom
import { ApiError } from '@linkhive/shared/api';
import { advertLimits, advertMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQueries as render } from '../../testing/queries';
import Quill from 'quill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { watchScrollIntoView } from '@linkhive/shared/testing';
import { imageFile, makeAdvert, textOfLength, writeDescription } from '../../testing/adverts';
import { fakeServer } from '../../testing/renderApp';
import { AdvertForm } from './AdvertForm';

// The upload itself (an XMLHttpRequest with progress) is the shared client's, tested there.
const uploadImage = vi.spyOn(api.adverts, 'uploadImage');

beforeEach(() => {
  uploadImage.mockReset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const suggested = () => ({ status: 200, body: { items: ['Shops', 'Food'] } });
const submitButton = () => screen.getByRole('button', { name: 'Submit for approval' }) as HTMLButtonElement;
const titleField = () => screen.getByRole('textbox', { name: /^Display name/ }) as HTMLInputElement;
const pageAddress = () => (screen.getByLabelText('Page address') as HTMLInputElement).value;

async function fillValid(title = "Acme' Ltd") {
  fireEvent.change(titleField(), { target: { value: title } });
  fireEvent.change(screen.getByRole('combobox', { name: /^Category/ }), { target: { value: 'Shops' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Website address/ }), {
    target: { value: 'https://acme.example.com' },
  });
  await writeDescription(textOfLength(250));
}

describe('the advert form', () => {
  it('checks the display name as it is typed and shows the page address made from it', async () => {
    fakeServer({ 'GET /api/categories/suggested': suggested });
    render(<AdvertForm onSaved={() => {}} />);
    fireEvent.change(titleField(), { target: { value: 'Acme & Co' } });
    expect(screen.getByRole('alert').textContent).toBe(advertMessages.titleCharacters);
    fireEvent.change(titleField(), { target: { value: 'A'.repeat(advertLimits.titleMax + 1) } });
    expect(screen.getByRole('alert').textContent).toBe(advertMessages.titleTooLong);
    fireEvent.change(titleField(), { target: { value: 'Shop 0' } });
    expect(screen.getByRole('alert').textContent).toBe(advertMessages.titleCharacters);
    fireEvent.change(titleField(), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe(advertMessages.titleRequired);
    fireEvent.change(titleField(), { target: { value: "Acme' Ltd" } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pageAddress()).toBe('/promo/acme-ltd');
    expect(titleField().getAttribute('aria-invalid')).toBe('false');
    await screen.findByRole('textbox', { name: 'Description' });
  });

  it('counts the description on its plain text and holds the submit outside 200 to 5000', async () => {
    fakeServer({ 'GET /api/categories/suggested': suggested });
    render(<AdvertForm onSaved={() => {}} />);
    await fillValid();
    const count = () => screen.getByTestId('description-count');
    for (const [n, ok] of [
      [advertLimits.descriptionMin - 1, false],
      [advertLimits.descriptionMin, true],
      [advertLimits.descriptionMax, true],
      [advertLimits.descriptionMax + 1, false],
    ] as const) {
      await writeDescription(textOfLength(n));
      expect(count().textContent).toBe(`${n} / ${advertLimits.descriptionMax}`);
      expect(count().classList.contains('Mui-error')).toBe(!ok);
      expect(screen.queryByText(advertMessages.descriptionLength) !== null).toBe(!ok);
      expect(submitButton().disabled).toBe(!ok);
    }
    const editor = screen.getByRole('textbox', { name: 'Description' });
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(editor.getAttribute('aria-describedby')).toContain(count().id);
  });

  it('names the editor Description and leaves Tab to move the focus on, out of the editor', async () => {
    fakeServer({ 'GET /api/categories/suggested': suggested });
    render(<AdvertForm onSaved={() => {}} />);
    await writeDescription('Anvils');
    const editor = screen.getByRole('textbox', { name: 'Description' });
    const quill = Quill.find(editor.parentElement!) as Quill;
    // Silent and without scrolling: jsdom cannot measure a selection.
    quill.focus({ preventScroll: true });
    quill.setSelection(3, 0, 'silent');
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    editor.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    expect(quill.getText()).toBe('Anvils\n');
    // The name is on Quill's own bold control.
    expect(screen.getByRole('button', { name: 'Bold' }).classList.contains('ql-bold')).toBe(true);
  });

  it('judges a picture by its first bytes: a JPEG named x.png is refused, a PNG without extension is taken', async () => {
    fakeServer({ 'GET /api/categories/suggested': suggested });
    render(<AdvertForm onSaved={() => {}} />);
    await fillValid();
    const logo = screen.getByLabelText('Logo');
    fireEvent.change(logo, { target: { files: [imageFile('x.png', { png: false })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.pngOnly);
    expect(submitButton().disabled).toBe(true);

    fireEvent.change(logo, { target: { files: [imageFile('logo', { type: '' })] } });
    // The picked file itself, not the logo the advert had.
    expect((await screen.findByRole('img', { name: 'New logo' })).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitButton().disabled).toBe(false);

    const background = screen.getByLabelText('Background');
    fireEvent.change(background, {
      target: { files: [imageFile('big.png', { size: advertLimits.backgroundMaxBytes + 1 })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.backgroundTooLarge);
  });

  it('creates the advert without a slug, then uploads the pictures, and hands back the saved advert', async () => {
    const created = makeAdvert();
    const { calls } = fakeServer({
      'GET /api/categories/suggested': suggested,
      'POST /api/adverts': () => ({ status: 201, body: created }),
    });
    uploadImage.mockImplementation(async (_id, kind, _file, opts) => {
      opts?.onUploadProgress?.(5, 10);
      return { ...created, [kind]: `/files/${kind}.png` };
    });
    const onSaved = vi.fn();
    render(<AdvertForm onSaved={onSaved} />);
    await fillValid();
    const logo = imageFile('logo.png');
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [logo] } });
    await screen.findByRole('img', { name: 'New logo' });
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['category', 'description', 'link', 'title']);
    expect(body).toMatchObject({ title: "Acme' Ltd", category: 'Shops', link: 'https://acme.example.com' });
    expect(uploadImage).toHaveBeenCalledOnce();
    expect(uploadImage.mock.calls[0]!.slice(0, 3)).toEqual(['a1', 'logo', logo]);
    expect(onSaved.mock.calls[0]![0].logo).toBe('/files/logo.png');
  });

  it("shows the server's refusal on its field, or above the buttons when it names none", async () => {
    let answer = {
      status: 409,
      body: { error: { code: 'slug_taken', message: 'Slug already exists!', field: 'title' } },
    };
    fakeServer({ 'GET /api/categories/suggested': suggested, 'POST /api/adverts': () => answer });
    render(<AdvertForm onSaved={() => {}} />);
    await fillValid();
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.slugTaken);
    expect(titleField().getAttribute('aria-invalid')).toBe('true');

    answer = { status: 409, body: { error: { code: 'one_advert', message: advertMessages.oneAdvert } } as never };
    fireEvent.change(titleField(), { target: { value: 'Acme Two' } });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.oneAdvert);
  });

  it("brings 'Slug already exists!' into view with the focus on the Display name (issue 26)", async () => {
    fakeServer({
      'GET /api/categories/suggested': suggested,
      'POST /api/adverts': () => ({
        status: 409,
        body: { error: { code: 'slug_taken', message: advertMessages.slugTaken, field: 'title' } },
      }),
    });
    const scrolls = watchScrollIntoView();
    try {
      render(<AdvertForm onSaved={() => {}} />);
      await fillValid();
      submitButton().focus();
      fireEvent.click(submitButton());
      expect((await screen.findByRole('alert')).textContent).toBe('Slug already exists!');
      await waitFor(() => expect(document.activeElement).toBe(titleField()));
      expect(scrolls.scrolled).toEqual([titleField()]);
    } finally {
      scrolls.restore();
    }
  });

  it('keeps a failed picture for another try without creating the advert twice', async () => {
    const { calls } = fakeServer({
      'GET /api/categories/suggested': suggested,
      'POST /api/adverts': () => ({ status: 201, body: makeAdvert() }),
      'PATCH /api/adverts/a1': () => ({ status: 200, body: makeAdvert() }),
    });
    uploadImage.mockRejectedValueOnce(new ApiError(415, 'png_only', advertMessages.pngOnly, 'file'));
    uploadImage.mockResolvedValueOnce(makeAdvert({ logo: '/files/logo.png' }));
    const onSaved = vi.fn();
    render(<AdvertForm onSaved={onSaved} />);
    await fillValid();
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [imageFile('logo.png')] } });
    await screen.findByRole('img', { name: 'New logo' });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.pngOnly);
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.url.startsWith('/api/adverts')).map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(uploadImage).toHaveBeenCalledTimes(2);
  });

  it('edits everything but the page address, which it never sends', async () => {
    const advert = makeAdvert({ status: true });
    const { calls } = fakeServer({
      'GET /api/categories/suggested': suggested,
      'PATCH /api/adverts/a1': () => ({ status: 200, body: { ...advert, title: 'Acme Anvils' } }),
    });
    const onSaved = vi.fn();
    render(<AdvertForm advert={advert} onSaved={onSaved} />);
    expect(titleField().value).toBe("Acme' Ltd");
    expect(screen.getByTestId('description-count').textContent).toBe(`239 / ${advertLimits.descriptionMax}`);
    fireEvent.change(titleField(), { target: { value: 'Acme Anvils' } });
    expect(pageAddress()).toBe('/promo/acme-ltd');
    expect(screen.getByLabelText('Page address').hasAttribute('readonly')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update advert' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).not.toHaveProperty('slug');
    expect(patch.body).toMatchObject({ title: 'Acme Anvils', link: advert.link });
  });
});
