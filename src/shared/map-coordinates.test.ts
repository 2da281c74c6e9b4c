import { describe, expect, it } from 'vitest';
import { coordinatesOf, parseMapUrl } from './map-coordinates.ts';

describe('parseMapUrl', () => {
  it('reads OpenStreetMap links', () => {
    expect(parseMapUrl('https://www.openstreetmap.org/?mlat=24.808402&mlon=46.669365#map=18/24.808402/46.669365')).toEqual({ lat: 24.808402, lng: 46.669365 });
    expect(parseMapUrl('https://www.openstreetmap.org/#map=17/24.7/46.6')).toEqual({ lat: 24.7, lng: 46.6 });
  });
  it('reads Google Maps links', () => {
    expect(parseMapUrl('https://www.google.com/maps/place/X/@24.7136,46.6753,15z')).toEqual({ lat: 24.7136, lng: 46.6753 });
    expect(parseMapUrl('https://maps.google.com/?q=24.5,46.5')).toEqual({ lat: 24.5, lng: 46.5 });
    expect(parseMapUrl('https://www.google.com/maps/place/X/data=!3d24.1!4d46.2')).toEqual({ lat: 24.1, lng: 46.2 });
  });
  it('rejects out-of-range and non-map input', () => {
    expect(parseMapUrl('https://maps.google.com/?q=124.5,46.5')).toBeNull();
    expect(parseMapUrl('https://example.com/')).toBeNull();
    expect(parseMapUrl('garbage')).toBeNull();
  });
  it('prefers stored coordinates', () => {
    expect(coordinatesOf({ latitude: 1, longitude: 2, mapUrl: 'https://maps.google.com/?q=3,4' })).toEqual({ lat: 1, lng: 2 });
    expect(coordinatesOf({ latitude: null, longitude: null, mapUrl: 'https://maps.google.com/?q=3,4' })).toEqual({ lat: 3, lng: 4 });
  });
});
