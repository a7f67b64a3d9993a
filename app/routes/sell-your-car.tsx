// Placeholder: this page is being built (issue 3).
export default function Page() {
  return <section className="mx-auto max-w-7xl px-4 py-16" />;
}
