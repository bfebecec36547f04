// The promo endpoints (issue 28): filled in as its routes are bound to the contract.
export const promoContract = {};
