/** The storefront pages' inline links (to a customer, back to a list): one look, so they read as links alike. */
export const linkClass = 'font-medium text-primary underline-offset-2 hover:underline';
