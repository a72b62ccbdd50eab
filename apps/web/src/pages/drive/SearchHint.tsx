const code = 'rounded bg-surface-raised px-1 py-px font-mono text-[0.8em] text-text';

/** The drive's search syntax, under its search box. */
export function SearchHint() {
  return (
    <>
      Words find names. Narrow with <code className={code}>type:image</code> (or video, audio, pdf, text, archive,
      other), <code className={code}>tag:summer</code>, <code className={code}>name:logo</code>,{' '}
      <code className={code}>folder:products/summer</code>, <code className={code}>public:true</code>.
    </>
  );
}
