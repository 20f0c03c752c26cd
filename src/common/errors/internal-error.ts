/** The body of any failure we did not anticipate: nothing internal, only a request id to quote. */
export const INTERNAL_ERROR = { code: 'INTERNAL_ERROR', status: 500, message: 'An internal error occurred' } as const;
