// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '@linkhive/shared/domain';
import { billingMessages } from '@linkhive/shared/domain';
import { PlanGrid } from './PlanGrid';
import type { PlanGridProps } from './PlanGrid';
import { expectShown } from '@linkhive/shared/testing';

afterEach(cleanup);

const paid = (key: Plan['key'], name: string, monthly: number, yearly: number): Plan => ({
  id: `plan_${key}`,
  key,
  name,
  description: `${name} plan`,
  features: [`${name} feature one`, `${name} feature two`],
  prices: [
    { id: `${key}_month`, unitAmount: monthly, currency: 'gbp', interval: 'month' },
    { id: `${key}_year`, unitAmount: yearly, currency: 'gbp', interval: 'year' },
  ],
});

const plans: Plan[] = [
  {
    id: 'plan_free',
    key: 'free',
    name: 'Free',
    description: 'Free plan',
    features: ['Unlimited personal bookmarks'],
    prices: [{ id: 'free_month', unitAmount: 0, currency: 'gbp', interval: 'month' }],
  },
  paid('pro', 'Pro', 499, 5400),
  paid('business', 'Business', 999, 10800),
  paid('enterprise', 'Enterprise', 1999, 21600),
];

function renderPlans(props: Partial<PlanGridProps> = {}) {
  const all: PlanGridProps = {
    plans,
    interval: 'month',
    onIntervalChange: vi.fn(),
    actionFor: (plan) => ({ label: `Choose ${plan.name}`, onClick: vi.fn() }),
    ...props,
  };
  render(<PlanGrid {...all} />);
  return all;
}

const card = (key: string) => within(document.querySelector<HTMLElement>(`[data-plan="${key}"]`)!);
const price = (key: string) => card(key).getByTestId('plan-price').textContent;

describe('PlanGrid', () => {
  it('shows the monthly prices from minor units, without any discount', () => {
    renderPlans();
    expect(price('free')).toBe('£0/month');
    expect(price('pro')).toBe('£4.99/month');
    expect(price('business')).toBe('£9.99/month');
    expect(price('enterprise')).toBe('£19.99/month');
    expect(screen.queryByText('SAVE 10%')).toBeNull();
  });

  it('shows 54, 108 and 216 a year beside the struck twelve-month price and SAVE 10%', () => {
    renderPlans({ interval: 'year' });
    for (const [key, yearly, struck] of [
      ['pro', '£54', '£59.88'],
      ['business', '£108', '£119.88'],
      ['enterprise', '£216', '£239.88'],
    ]) {
      expect(price(key!)).toBe(`${yearly}/year${struck}SAVE 10%`);
      const was = card(key!).getByText(struck!);
      expect(was.tagName).toBe('S');
      expect(was.getAttribute('aria-label')).toBe(`Usual price ${struck}`);
    }
    expect(price('free')).toBe('£0/year');
    expect(screen.getAllByText('SAVE 10%')).toHaveLength(3);
  });

  it('switches the interval from the switch', () => {
    const props = renderPlans();
    fireEvent.click(screen.getByRole('switch', { name: 'Yearly billing' }));
    expect(props.onIntervalChange).toHaveBeenCalledWith('year');
  });

  it('lists the features of each plan and highlights the chosen one', () => {
    renderPlans({ highlight: 'business' });
    expect(
      card('business')
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Business feature one', 'Business feature two']);
    expect(document.querySelectorAll('[data-highlighted="true"]')).toHaveLength(1);
    expectShown(card('business').getByText('Selected'));
    expect(card('pro').queryByText('Selected')).toBeNull();
  });

  it('runs the plan action, shows its loading state and the refusal on its card', () => {
    const choose = vi.fn();
    renderPlans({
      actionFor: (plan) =>
        plan.key === 'pro'
          ? { label: 'Choose Pro', onClick: choose, loading: true }
          : { label: `Choose ${plan.name}`, onClick: choose, disabled: true },
      error: { plan: 'business', message: billingMessages.notConfigured },
    });
    const pro = card('pro').getByRole('button', { name: /Choose Pro/ }) as HTMLButtonElement;
    expect(pro.disabled).toBe(true);
    expect(pro.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(card('business').getByRole('alert').textContent).toBe('Billing is not configured on this server');
    expect(card('pro').queryByRole('alert')).toBeNull();
  });

  it('offers a retry when the plans could not be loaded', () => {
    const retry = vi.fn();
    renderPlans({ plans: null, loadError: 'The server cannot be reached.', onRetry: retry });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
    expect(document.querySelector('[data-plan]')).toBeNull();
  });

  it('keeps the space of the cards while the plans load, in the grid cells the cards then fill', () => {
    const props: PlanGridProps = {
      plans: null,
      interval: 'month',
      onIntervalChange: vi.fn(),
      actionFor: (plan) => ({ label: `Choose ${plan.name}`, onClick: vi.fn() }),
    };
    const { rerender } = render(<PlanGrid {...props} />);
    const grid = document.querySelector<HTMLElement>('[aria-busy]')!;
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button')).toBeNull();
    // A cell a plan, sized as the cards' cells are (four across, two at 600 px, one below), each
    // holding a placeholder of a fixed height, so the section does not collapse while it waits.
    const cells = [...grid.children] as HTMLElement[];
    expect(cells).toHaveLength(4);
    for (const cell of cells) {
      expect(cell.classList).toContain('MuiGrid-grid-xs-12');
      expect(cell.classList).toContain('MuiGrid-grid-sm-6');
      expect(cell.classList).toContain('MuiGrid-grid-md-3');
      expect(cell.querySelector<HTMLElement>('.MuiSkeleton-root')!.style.height).toBe('420px');
    }
    const sizes = cells.map((cell) => cell.className);

    // The plans arrive: each card takes the very cell its placeholder held, so nothing around moves.
    rerender(<PlanGrid {...props} plans={plans} />);
    expect(grid.getAttribute('aria-busy')).toBe('false');
    expect([...grid.children]).toHaveLength(4);
    cells.forEach((cell, i) => expect(grid.children[i]).toBe(cell));
    expect(cells.map((cell) => cell.className)).toEqual(sizes);
    expect(cells.map((cell) => cell.firstElementChild!.getAttribute('data-plan'))).toEqual([
      'free',
      'pro',
      'business',
      'enterprise',
    ]);
    expect(grid.querySelector('.MuiSkeleton-root')).toBeNull();
  });
});
