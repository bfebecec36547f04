// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const slides = ['Alpha', 'Beta', 'Gamma'].map((title) => ({ key: title, content: <h2>{title}</h2> }));

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
}

/** The slide on screen: the others are hidden from assistive technology. */
const current = () => screen.getAllByRole('group').filter((g) => g.getAttribute('aria-hidden') !== 'true');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('shows one slide at a time, named by its position, and turns every interval', () => {
    stubReducedMotion(false);
    render(<Carousel label="Highlights" slides={slides} intervalMs={8_000} />);
    expect(screen.getByRole('region', { name: 'Highlights' }).getAttribute('aria-roledescription')).toBe('carousel');
    expect(current()).toHaveLength(1);
    expect(current()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    act(() => vi.advanceTimersByTime(8_000));
    expect(current()[0]!.getAttribute('aria-label')).toBe('2 of 3');
    expect(within(current()[0]!).getByRole('heading').textContent).toBe('Beta');
  });

  it('pauses and plays from its button, which says what it will do', () => {
    stubReducedMotion(false);
    render(<Carousel label="Highlights" slides={slides} intervalMs={8_000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    act(() => vi.advanceTimersByTime(24_000));
    expect(current()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    // While stopped, screen readers hear about slide changes.
    expect(screen.getAllByRole('group')[0]!.parentElement!.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(8_000));
    expect(current()[0]!.getAttribute('aria-label')).toBe('2 of 3');
  });

  it('steps with previous, next and the slide pickers', () => {
    stubReducedMotion(false);
    render(<Carousel label="Highlights" slides={slides} intervalMs={8_000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()[0]!.getAttribute('aria-label')).toBe('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 2 of 3' }));
    expect(current()[0]!.getAttribute('aria-label')).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Show slide 2 of 3' }).getAttribute('aria-current')).toBe('true');
  });

  it('does not turn by itself when the system asks for reduced motion', () => {
    stubReducedMotion(true);
    render(<Carousel label="Highlights" slides={slides} intervalMs={8_000} />);
    // Stopped from the start: the button offers to play, and each slide is read out as it comes.
    expect(screen.queryByRole('button', { name: 'Pause slides' })).toBeNull();
    expect(current()[0]!.parentElement!.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(40_000));
    expect(current()[0]!.getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(8_000));
    expect(current()[0]!.getAttribute('aria-label')).toBe('2 of 3');
  });
});
