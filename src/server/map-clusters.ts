import Supercluster, { type PointFeature } from 'supercluster';
import { MAP_VIEW_LIMITS, type BuildingMarker, type MapBbox, type MapCluster, type PlaceMarker } from '../shared/schemas/map-schemas.ts';

/** What each point of the index carries: the marker it stands for. */
type PointProps = { place: PlaceMarker; building?: undefined } | { building: BuildingMarker; place?: undefined };
/** What a cluster aggregates besides its point count: how many of its markers are places. */
interface ClusterProps { places: number }

/** A supercluster index of a filter's markers (decision 031). */
export type MarkerIndex = Supercluster<PointProps, ClusterProps>;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Builds the clustering index of `places` and `buildings` (WGS84 degrees): radius and maximum cluster
 * zoom from MAP_VIEW_LIMITS, 256 px tiles (Leaflet's). About 0.3 s for 100 000 markers on one core.
 */
export function buildMarkerIndex(places: PlaceMarker[], buildings: BuildingMarker[]): MarkerIndex {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: MAP_VIEW_LIMITS.clusterRadiusPx,
    extent: 256,
    maxZoom: MAP_VIEW_LIMITS.clusterMaxZoom,
    map: (props) => ({ places: props.place ? 1 : 0 }),
    reduce: (acc, props) => {
      acc.places += props.places;
    },
  });
  const point = (lng: number, lat: number, properties: PointProps): PointFeature<PointProps> =>
    ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties });
  index.load([
    ...places.map((p) => point(p.lng, p.lat, { place: p })),
    ...buildings.map((b) => point(b.lng, b.lat, { building: b })),
  ]);
  return index;
}

/**
 * The view `bbox` at `zoom` (integer, 0–22): clusters, and the places and buildings that stand alone.
 * A bbox with west > east crosses the antimeridian (supercluster queries both sides). The counts of
 * the clusters plus the single markers equal the markers inside the box.
 */
export function markersInView(index: MarkerIndex, bbox: MapBbox, zoom: number): { places: PlaceMarker[]; buildings: BuildingMarker[]; clusters: MapCluster[] } {
  const places: PlaceMarker[] = [];
  const buildings: BuildingMarker[] = [];
  const clusters: MapCluster[] = [];
  for (const f of index.getClusters([bbox.west, bbox.south, bbox.east, bbox.north], zoom)) {
    const props = f.properties;
    if ('cluster' in props && props.cluster) {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      clusters.push({
        id: props.cluster_id, count: props.point_count, places: props.places, lat: round6(lat), lng: round6(lng),
        expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), MAP_VIEW_LIMITS.maxZoom),
      });
    } else {
      const point = props as PointProps;
      if (point.place) places.push(point.place);
      else if (point.building) buildings.push(point.building);
    }
  }
  return { places, buildings, clusters };
}

/**
 * In-memory indexes by filter key (Node server only), emptied whenever the response cache is
 * (every change notification of the database, every write through the API). Like the response
 * cache it holds nothing while `isLive()` is false (the LISTEN connection is down), and an index
 * built from a snapshot older than an invalidation is not kept (generation counter). At most
 * `maxEntries` filters are kept (then all are dropped and rebuilt on demand).
 */
export class MarkerIndexCache {
  readonly #entries = new Map<string, MarkerIndex>();
  readonly #pending = new Map<string, Promise<MarkerIndex>>();
  #generation = 0;

  constructor(private readonly isLive: () => boolean, private readonly maxEntries = 64) {}

  /** Read before building an index; pass it back to set(). */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): MarkerIndex | undefined {
    return this.isLive() ? this.#entries.get(key) : undefined;
  }

  /** Keeps `index` unless an invalidation touching `key` happened since `generation` or notifications are down. */
  set(key: string, index: MarkerIndex, generation: number): boolean {
    if (!this.isLive() || (this.#touched.get(key) ?? this.#wide) > generation) return false;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, index);
    return true;
  }

  /** The generation of the last invalidation of everything, and of each key since. */
  #wide = 0;
  readonly #touched = new Map<string, number>();

  /**
   * Drops the indexes a change touches (decision 042): every one for `'all'`, else those whose filter
   * (`<zone>\u0000<category>`, empty = none) matches a marker tag of `changed` (`mk:<category|*>:<zone|*>`).
   * The whole map's index is rebuilt ahead of its next request only if it was asked for since the last build.
   */
  invalidate(changed: Set<string> | 'all' = 'all'): void {
    const generation = ++this.#generation;
    let wholeMap = false;
    if (changed === 'all') {
      this.#wide = generation;
      this.#touched.clear();
      this.#entries.clear();
      wholeMap = true;
    } else {
      const keys = new Set([...this.#entries.keys(), ...[...this.#pending.keys()].map((k) => k.slice(k.indexOf('\u0000') + 1))]);
      for (const key of keys) {
        const [zone = '', category = ''] = key.split('\u0000');
        if (!changed.has(`mk:${category || '*'}:${zone || '*'}`)) continue;
        this.#entries.delete(key);
        this.#touched.set(key, generation);
        if (key === '\u0000') wholeMap = true;
      }
      if (changed.has('mk:*:*')) wholeMap = true;
      if (this.#touched.size > 4 * this.maxEntries) {
        this.#wide = generation;
        this.#touched.clear();
        this.#entries.clear();
      }
    }
    if (wholeMap && this.#askedSinceWarm) this.#scheduleWarm();
  }

  /** The whole map's index was asked for since the last warm-up (else a change does not rebuild it ahead). */
  #askedSinceWarm = true;

  #warmer: (() => Promise<unknown>) | null = null;
  #warmDelayMs = 0;
  #warmTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * Rebuilds the most asked index ahead of its first request: `warm` (e.g. a request for the whole map's
   * first view) runs `delayMs` after the last invalidation — changes come in bursts, so a burst costs one
   * build — and now. Without it the first visitor after a change (or after start) waits for the build
   * (≈ 0.5 s at 100 000 places, decision 031). Its failure is ignored: the next request builds the index.
   */
  setWarmer(warm: () => Promise<unknown>, delayMs = 1000): void {
    this.#warmer = warm;
    this.#warmDelayMs = delayMs;
    this.#scheduleWarm(0);
  }

  /** Stops a scheduled warm-up (server shutdown). */
  stopWarming(): void {
    clearTimeout(this.#warmTimer);
    this.#warmer = null;
  }

  #scheduleWarm(delayMs = this.#warmDelayMs): void {
    const warm = this.#warmer;
    if (!warm) return;
    clearTimeout(this.#warmTimer);
    // the warm-up's own request does not count as a visitor's
    this.#warmTimer = setTimeout(() => void warm().catch(() => undefined).finally(() => { this.#askedSinceWarm = false; }), delayMs);
    (this.#warmTimer as { unref?: () => void }).unref?.();
  }

  /**
   * The index for `key`, else the one being built for it since the last invalidation (concurrent
   * requests after a change wait for one build instead of each loading every marker), else
   * `build()`'s, kept as set() allows. A failed build (e.g. 404 unknown zone) fails its waiters too.
   * Markers are the same for every role (places and buildings are readable by anyone), so one build
   * serves all.
   */
  getOrBuild(key: string, build: () => Promise<MarkerIndex>): Promise<MarkerIndex> {
    if (key === '\u0000') this.#askedSinceWarm = true;
    const hit = this.get(key);
    if (hit) return Promise.resolve(hit);
    const generation = this.#generation;
    const pendingKey = `${generation}\u0000${key}`;
    let pending = this.#pending.get(pendingKey);
    if (!pending) {
      pending = build()
        .then((index) => {
          this.set(key, index, generation);
          return index;
        })
        .finally(() => this.#pending.delete(pendingKey));
      this.#pending.set(pendingKey, pending);
    }
    return pending;
  }
}
