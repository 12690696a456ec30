/** The first stop for keyboard users: jumps past the header to the page's main content. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow focus:outline-2 focus:outline-indigo-600"
    >
      Skip to content
    </a>
  );
}
