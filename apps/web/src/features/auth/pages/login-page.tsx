/** Placeholder until the real page lands. */
export default function LoginPage() {
  return <h1 className="container py-5">Login</h1>;
}
