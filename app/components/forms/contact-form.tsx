// Placeholder (issue 4): the contact form of /contact and of the home page's contact section.
export function ContactForm() {
  return null;
}
