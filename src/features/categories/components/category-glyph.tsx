import {
  BedDouble, Car, Castle, Coffee, Croissant, Dumbbell, Fuel, Gem, GraduationCap, Hospital, LayoutGrid, MoonStar, Pill,
  Scissors, ShoppingBag, ShoppingCart, Store, Ticket, Trees, UtensilsCrossed, type LucideIcon,
} from 'lucide-react';

/**
 * Icons of the default categories (the shipped dataset's slugs), so each reads at a glance without an
 * uploaded icon; any other category shows the generic grid glyph.
 */
const GLYPHS: Record<string, LucideIcon> = {
  restaurants: UtensilsCrossed, cafes: Coffee, 'bakeries-desserts': Croissant, hotels: BedDouble, malls: ShoppingBag,
  supermarkets: ShoppingCart, fashion: Gem, shops: Store, automotive: Car, fuel: Fuel, health: Hospital, pharmacies: Pill,
  beauty: Scissors, sports: Dumbbell, education: GraduationCap, mosques: MoonStar, parks: Trees, entertainment: Ticket,
  attractions: Castle, other: LayoutGrid,
};

/** The glyph of a category without an uploaded icon, by slug (decorative: aria-hidden). */
export function CategoryGlyph({ slug, size }: { slug: string; size: number }) {
  const Glyph = GLYPHS[slug] ?? LayoutGrid;
  return <Glyph size={size} aria-hidden />;
}
