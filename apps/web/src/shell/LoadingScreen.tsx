import { Spinner } from '../ui/Spinner';

/** Shown until the app can render a page; looks exactly like the boot markup in index.html. */
export function LoadingScreen() {
  return (
    <div className="boot-screen" role="status">
      <Spinner />
      <span className="boot-label">Loading…</span>
    </div>
  );
}
