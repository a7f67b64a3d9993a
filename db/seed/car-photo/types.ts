// What a demo photo is asked for, and its size.

export type BodyType = 'Sedán' | 'Hatchback' | 'SUV' | 'Camioneta' | 'Furgón' | 'Coupé' | 'Station Wagon';
export type PhotoView =
  | 'front-left'
  | 'side'
  | 'rear-right'
  | 'front'
  | 'interior'
  | 'wheel'
  | 'dashboard'
  | 'rear';
export interface CarPhotoInput {
  bodyType: BodyType;
  color: string;
  view: PhotoView;
  seed: number;
  /** Optional: seeds the backdrop (lot/studio, time of day) separately, so one listing's views can match. */
  sceneSeed?: number;
}

export const PHOTO_W = 1600;
export const PHOTO_H = 1067;
