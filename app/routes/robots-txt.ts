// Placeholder: built with the public website (issue 3).
export function loader() {
  return new Response('User-agent: *\nAllow: /\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
