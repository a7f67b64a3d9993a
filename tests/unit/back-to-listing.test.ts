import { describe, expect, it } from 'vitest';
import { listingReferrer } from '~/components/vehicle/back-to-listing.tsx';

const origin = 'https://automotora.example';

describe("'Volver a vehículos' (listingReferrer)", () => {
  it('returns to the listing the visitor came from, with its filters and page', () => {
    expect(listingReferrer(`${origin}/vehicles?condicion=Usado&pagina=2`, origin)).toBe(
      '/vehicles?condicion=Usado&pagina=2',
    );
    expect(listingReferrer(`${origin}/vehicles`, origin)).toBe('/vehicles');
  });

  it('ignores another site, another page of this site, and no referrer at all', () => {
    expect(listingReferrer('https://otro.example/vehicles?marca=Kia', origin)).toBeNull();
    expect(listingReferrer(`${origin}/vehicles/12`, origin)).toBeNull();
    expect(listingReferrer(`${origin}/`, origin)).toBeNull();
    expect(listingReferrer('', origin)).toBeNull();
    expect(listingReferrer('no es una dirección', origin)).toBeNull();
  });
});
