/** Placeholder until the real page lands. */
export default function VerifyEmailPage() {
  return <h1 className="container py-5">Verify email</h1>;
}
