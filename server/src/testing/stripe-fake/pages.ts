const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

/** The fake's hosted checkout: the plan, its price and a Pay button. */
export function checkoutPage(id: string, plan: string, amount: string) {
  return page(
    'Fake Stripe Checkout',
    `<h1>Subscribe to ${escape(plan)}</h1><p data-testid="amount">${escape(amount)}</p>
<form method="post" action="/checkout/${escape(id)}"><button type="submit">Pay</button></form>`,
  );
}

/** The fake's billing portal: the subscription, Cancel plan and Return. */
export function portalPage(id: string, returnUrl: string, lines: string[], cancellable: boolean) {
  return page(
    'Fake Stripe billing portal',
    `<h1>Billing</h1><ul>${lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ul>
${cancellable ? `<form method="post" action="/portal/${escape(id)}/cancel"><button type="submit">Cancel plan</button></form>` : ''}
<a href="${escape(returnUrl)}">Return</a>`,
  );
}
