/** An email as spec 5 describes it: text, at sign, text, dot, text. Free of zod for the sign-in screens. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
