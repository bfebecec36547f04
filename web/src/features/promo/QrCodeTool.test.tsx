// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrCodeTool } from './QrCodeTool';
import { renderWithQueries as render } from '../../testing/queries';
import { expectShown } from '@linkhive/shared/testing';

// jsdom has no canvas; the encoder's own output is checked in the browser tests.
const toDataURL = vi.hoisted(() =>
  vi.fn(
    async (text: string, options: { width: number }) => `data:image/png;base64,${btoa(`${text}@${options.width}`)}`,
  ),
);
vi.mock('qrcode', () => ({ toDataURL, default: { toDataURL } }));

afterEach(() => {
  cleanup();
  toDataURL.mockClear();
});

const address = () => screen.getByLabelText('Web address');
/** The message under the address field, the text its aria-describedby points at. */
const addressMessage = () => document.getElementById(address().getAttribute('aria-describedby') ?? '')?.textContent;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create QR code' }));

describe('QrCodeTool', () => {
  it('asks for a web address', () => {
    render(<QrCodeTool />);
    create();
    expect(addressMessage()).toBe('Web address required');
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(toDataURL).not.toHaveBeenCalled();
  });

  it('refuses an address that is not a full web address, with an example', () => {
    render(<QrCodeTool />);
    fireEvent.change(address(), { target: { value: 'example dot com' } });
    create();
    expect(addressMessage()).toBe('Invalid URL use e.g. https://www.example.com');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('builds a code at error level H and the default 160 px, ready to download', async () => {
    render(<QrCodeTool fileName="card.png" />);
    fireEvent.change(address(), { target: { value: ' https://www.example.com/promo/acme ' } });
    create();
    const img = await screen.findByRole('img', { name: 'QR code for https://www.example.com/promo/acme' });
    expect(toDataURL).toHaveBeenCalledWith('https://www.example.com/promo/acme', {
      errorCorrectionLevel: 'H',
      width: 160,
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
    expect(img.getAttribute('width')).toBe('160');
    const download = screen.getByRole('link', { name: 'Download PNG' });
    expect(download.getAttribute('download')).toBe('card.png');
    expect(download.getAttribute('href')).toBe(img.getAttribute('src'));
  });

  it('offers sizes from 60 to 320 pixels and redraws the code at the chosen size', async () => {
    render(<QrCodeTool initialUrl="https://www.example.com" />);
    const slider = screen.getByRole('slider', { name: /Size/ });
    expect(slider.getAttribute('aria-valuemin')).toBe('60');
    expect(slider.getAttribute('aria-valuemax')).toBe('320');
    expect(slider.getAttribute('aria-valuenow')).toBe('160');
    create();
    await screen.findByRole('img', { name: /QR code for/ });
    fireEvent.change(slider, { target: { value: 240 } });
    expectShown(screen.getByText('Size: 240 px'));
    const img = screen.getByRole('img', { name: /QR code for/ });
    expect(img.getAttribute('width')).toBe('240');
    await waitFor(() =>
      expect(img.getAttribute('src')).toBe(`data:image/png;base64,${btoa('https://www.example.com@240')}`),
    );
    expect(toDataURL).toHaveBeenLastCalledWith('https://www.example.com', expect.objectContaining({ width: 240 }));
  });

  it('takes an address and its title from a picker, draws it at once and shows the title cut to 50', async () => {
    const title = 'The Very Long Named Bakery and Coffee Shop of Mill Lane';
    const url = 'https://linkhive.example/share?slug=bakery';
    render(
      <QrCodeTool
        addressPicker={(fill) => (
          <button type="button" onClick={() => fill(url, title)}>
            Pick the bakery
          </button>
        )}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pick the bakery' }));
    expect(address()).toHaveProperty('value', url);
    expect((await screen.findByRole('img', { name: `QR code for ${url}` })).getAttribute('src')).toBe(
      `data:image/png;base64,${btoa(`${url}@160`)}`,
    );
    const cut = screen.getByText(/^The Very Long/);
    expect(cut.textContent).toBe(`${title.slice(0, 50).trimEnd()}…`);
    expect(Array.from(cut.textContent!)).toHaveLength(51);
    // Another address is no longer the promo page, so its title goes.
    fireEvent.change(address(), { target: { value: 'https://www.example.com' } });
    expect(screen.queryByText(/^The Very Long/)).toBeNull();
  });
});
