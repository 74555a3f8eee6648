/** Placeholder until the real page lands. */
export default function RegisterPage() {
  return <h1 className="container py-5">Register</h1>;
}
