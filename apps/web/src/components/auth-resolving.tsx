import { useTranslate } from '../i18n/i18n.ts';

/** Shown while the sign-in state is still being resolved with the server. */
export function AuthResolving({ compact = false }: { compact?: boolean }) {
  const label = useTranslate()('common.checkingSignIn');
  if (compact) {
    return (
      <span className="d-inline-flex align-items-center px-2 text-light" role="status">
        <span className="spinner-grow spinner-grow-sm" aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  return (
    <div className="d-flex flex-column justify-content-center align-items-center gap-3 py-5" role="status">
      <span className="spinner-grow text-primary" aria-hidden="true" />
      <p className="mb-0 text-body-secondary">{label}</p>
    </div>
  );
}
