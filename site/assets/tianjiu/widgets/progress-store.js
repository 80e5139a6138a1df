// One progress record in localStorage, never lost silently.  Not a widget: the lesson marks
// (lesson-progress.js) and the Pai Gow progress (paigow-progress.js) keep theirs with it, and
// the puzzle progress (puzzle-progress.js, which also upgrades its version 1) opens the storage
// with openStorage() below.
//
// - Text that is not JSON: kept under "<key>.backup", a fresh record started, notice "reset".
// - Wrong entries: dropped one by one by the caller's repair() (the valid ones kept), the
//   original kept under "<key>.backup", notice "repaired" (n = entries dropped) — or "reset"
//   when nothing was left.
// - A backup is never overwritten: the first repair's original stays "<key>.backup", a later
//   one (other text) goes to the first free "<key>.backup.2", ".3", …; the same text already
//   kept is not written again.  The notice names the key (backup).
// - A record of a newer version: read (what repair() understands) but never overwritten,
//   notice "newer".
// - A repair that cannot first write its backup: the original stays untouched and this page
//   does not save, notice "noBackup".
// - Storage that can be read but not written (full): the record is read as it is, this page's
//   results are kept in memory (and written as soon as there is room), notice "full".
// - No localStorage at all (blocked, private mode): results live for this page, "unavailable".
// Notices are keys of strings.toml under the caller's prefix (lessons.save.reset …), shown on
// the page where they happened (progressNotice()).

/** localStorage as {s, writable}: writable false when a write is refused (storage full) but
 *  reading works; null when it cannot even be read. */
export function openStorage(key) {
  let s;
  try {
    s = globalThis.localStorage;
    s.getItem(key);
  } catch {
    return null;
  }
  if (!s) return null;
  try {
    const probe = `${key}.probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    return { s, writable: true };
  } catch {
    return { s, writable: false };
  }
}

const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/** Keep `text` under `key` without overwriting an earlier copy: the first free of "<key>",
 *  "<key>.2", "<key>.3", … (or the one already holding this very text).  Returns the key it
 *  is kept under, or null when it cannot be written (storage full). */
export function keepCopy(s, key, text) {
  try {
    for (let i = 1; ; i += 1) {
      const k = i === 1 ? key : `${key}.${i}`;
      const old = s.getItem(k);
      if (old === null) s.setItem(k, text);
      if (old === null || old === text) return k;
    }
  } catch { return null; }
}

/** A store for one key.  fresh(): an empty record of this version; repair(raw): {data,
 *  dropped} keeping every valid entry of a parsed record (any version up to this one);
 *  empty(data): true when a repaired record holds nothing (its notice is then "reset"). */
/** Is v the version of a save written by a newer site (read, never overwritten)?  Versions
 *  are whole numbers a little ahead of ours: 2.5, or 1e999 (which JSON reads as Infinity), is
 *  damage — backed up and repaired — not a newer site, which would lock the save for good. */
export function newerVersion(v, version) {
  return Number.isInteger(v) && v > version && v < version + 1000;
}

export function progressStore({ key, version, fresh, repair, empty }) {
  const BACKUP_KEY = `${key}.backup`;
  let memory = null;   // this page's record when it cannot be written (none or full storage)
  let notice = null;   // {kind, n, at: pathname, backup: the key the original was kept under}
  const here = () => (globalThis.location ? location.pathname : "");
  const say = (kind, n = 0, backup = BACKUP_KEY) => { notice = { kind, n, at: here(), backup }; };

  function write(st, data) {
    if (data.readOnly) return;
    const { readOnly, ...plain } = data;
    if (st) {
      try { st.s.setItem(key, JSON.stringify(plain)); memory = null; return; } catch { /* full */ }
      if (!notice) say("full");   // this page's results stay in memory; the next save tries again
    }
    memory = data;
  }

  function load() {
    const st = openStorage(key);
    if (!st) {
      if (!memory) { memory = fresh(); say("unavailable"); }
      return memory;
    }
    if (memory) {   // this page's results, kept while the storage was full: write them once it has room
      const kept = memory;
      if (st.writable) write(st, kept);
      if (memory) return memory;
      return kept;
    }
    const text = st.s.getItem(key);
    if (!st.writable && !notice) say("full");
    if (text === null) return fresh();
    let keptAs = null;   // where the original went
    const backup = () => {   // (never over an earlier backup: see the header)
      keptAs = keepCopy(st.s, BACKUP_KEY, text);
      return keptAs !== null;
    };
    const untouched = (data) => {   // needs repair, but the original cannot be backed up first
      data.readOnly = true;
      say(st.writable ? "noBackup" : "full");
      return data;
    };
    let raw;
    try {
      raw = JSON.parse(text);
    } catch {
      if (!backup()) return untouched(fresh());
      const data = fresh();
      write(st, data);
      say("reset", 0, keptAs);
      return data;
    }
    if (isObj(raw) && newerVersion(raw.version, version)) {
      const { data } = repair({ ...raw, version });
      data.readOnly = true;
      if (!notice || notice.kind === "full") say("newer");
      return data;
    }
    const { data, dropped } = repair(raw);
    if (dropped || !isObj(raw) || raw.version !== version) {
      if (!backup()) return untouched(data);
      write(st, data);
      say(dropped && !empty(data) ? "repaired" : dropped ? "reset" : "upgraded", dropped, keptAs);
    }
    return data;
  }

  function save(data) {
    write(openStorage(key), data);
  }

  /** The notice of this page load, or null. */
  function progressNotice() {
    return notice && notice.at === here() && notice.kind !== "upgraded" ? notice : null;
  }

  return { KEY: key, BACKUP_KEY, load, save, progressNotice };
}
