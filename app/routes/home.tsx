import { fillMaxFinanced, maxFinancedText } from '@domain/credit';
import { toCardView, toVehicleView } from '@domain/vehicle';
import { ContactContent } from '~/components/contact/contact-content';
import { AboutSection } from '~/components/home/about-section';
import { FeaturedVehicles } from '~/components/home/featured-vehicles';
import type { HeroPhoto } from '~/components/home/hero-slide';
import { HeroSliderIsland } from '~/components/home/hero-slider';
import { SectionHeading } from '~/components/home/section-heading';
import { ServicesSection } from '~/components/home/services-section';
import { DealerJsonLd } from '~/components/layout/dealer-json-ld';
import { pageDescription, pageMeta } from '~/lib/meta';
import { type RootData, useRootData } from '~/root';
import type { Route } from './+types/home';

const HERO_PHOTOS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { vehicles, settings } = await context.services.catalogue.snapshot();
  const { slides, financing, creditEligibility } = settings.data;
  // The most financed is written from the credits' minimum pies (ADR 0034), in the slides as in the services.
  const fill = (text: string) => fillMaxFinanced(text, financing, creditEligibility);
  const featured = vehicles.filter((v) => v.featured);
  // A slide shows the photo staff chose for it (site settings), else the main photo of a featured vehicle; a slide
  // with neither gets a drawn backdrop.
  const featuredPhotos: HeroPhoto[] = featured
    .filter((v) => v.images[0])
    .slice(0, HERO_PHOTOS)
    .flatMap((v) =>
      v.images[0] ? [{ image: v.images[0], alt: `${v.brand.nombre} ${v.model} ${v.year}` }] : [],
    );
  const heroPhotos = slides.map(
    (slide, index): HeroPhoto | null =>
      (slide.photo ? { image: slide.photo, alt: slide.title } : undefined) ?? featuredPhotos[index] ?? null,
  );
  return {
    featured: featured.map((v) => toCardView(toVehicleView(v, settings.data))),
    slides: slides.map(({ eyebrow, title, description }) => ({
      eyebrow: fill(eyebrow),
      title: fill(title),
      description: fill(description),
    })),
    financingHighlight: maxFinancedText(financing, creditEligibility),
    heroPhotos,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as RootData | undefined;
  const name = root?.dealership.name ?? '';
  return pageMeta({
    title: `${name} | Autos nuevos y usados en Santiago`,
    description: pageDescription(
      root,
      'home',
      `${name}: vehículos nuevos y usados con financiamiento, seguros y compra de tu auto. Más de 50 vehículos disponibles.`,
    ),
    path: '/',
    publicUrl: root?.publicUrl ?? '',
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { dealership, publicUrl, consent } = useRootData();
  return (
    <>
      <DealerJsonLd dealership={dealership} publicUrl={publicUrl} />
      <HeroSliderIsland
        slides={loaderData.slides}
        photos={loaderData.heroPhotos}
        heading={`${dealership.name}: ${dealership.tagline}`}
      />
      <FeaturedVehicles vehicles={loaderData.featured} />
      <ServicesSection financingHighlight={loaderData.financingHighlight} />
      <AboutSection dealership={dealership} />
      <section
        id="contact"
        aria-labelledby="contact-title"
        className="render-near-view bg-slate-50 py-16 [--render-near-view-size:149rem] sm:py-24 sm:[--render-near-view-size:138rem] lg:[--render-near-view-size:77rem]"
      >
        <div className="mx-auto max-w-7xl px-4">
          <SectionHeading id="contact-title" eyebrow="Contacto" title="Contáctanos">
            Escríbenos, llámanos o visítanos: te respondemos en menos de 24 horas.
          </SectionHeading>
          <div className="mt-12">
            <ContactContent dealership={dealership} consent={consent.contacto} level={3} />
          </div>
        </div>
      </section>
    </>
  );
}
