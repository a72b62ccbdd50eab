/** Small line glyphs of chat, drawn like the console's icons (no emoji font needed for the chrome). */
function Glyph({ d }: { d: string[] }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="inline-block shrink-0"
    >
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

export const LockGlyph = () => <Glyph d={['M6 11h12v9H6z', 'M8.5 11V8a3.5 3.5 0 0 1 7 0v3']} />;

export const ClipGlyph = () => (
  <Glyph
    d={['M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4L15 6.9']}
  />
);
