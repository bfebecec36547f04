/** A successful checkout leaves the app for the payment provider's page. */
export function leaveForCheckout(url: string) {
  window.location.assign(url);
}
