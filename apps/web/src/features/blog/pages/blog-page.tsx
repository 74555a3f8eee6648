/** The blog (entries follow). */
export default function BlogPage() {
  return <h1 className="container py-5">Blog</h1>;
}
