type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs an operator command's main (npm run admin:reset-password, backup, restore) and exits with the code it answers.
 * An error of one of the `explained` kinds says what to do in its message, so that alone is printed; anything else is
 * unexpected and printed whole.
 */
export function runCommand(main: () => Promise<number>, explained: ErrorClass[]): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(explained.some((kind) => err instanceof kind) ? (err as Error).message : err);
      process.exit(1);
    },
  );
}
