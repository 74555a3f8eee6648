/** Placeholder until the real page lands. */
export default function ResetPasswordPage() {
  return <h1 className="container py-5">Reset password</h1>;
}
