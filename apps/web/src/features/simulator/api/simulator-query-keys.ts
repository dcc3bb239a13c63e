/** Every simulator query starts with this key, so a message the customer sends refreshes the phone and the customer list. */
export const simulatorQueryKey = ['sandbox', 'simulator'] as const;
