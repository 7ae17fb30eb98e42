#!/usr/bin/env python3
"""Builds the country list served by the API from Debian's iso-codes data, at build time.

Every ISO 3166-1 country: {code, enTxt, jaTxt, koTxt, esTxt, ptTxt}, sorted by enTxt. English
is the short common name where iso-codes has one ("Bolivia", not "Bolivia, Plurinational State
of"); the other languages come from iso-codes' own gettext translations.
Usage: gen_countries.py ISO_JSON LOCALE_DIR OUT_JSON
"""
import gettext
import json
import sys
import unicodedata

LANGS = {"ja": ["ja"], "ko": ["ko"], "es": ["es"], "pt": ["pt_BR", "pt"]}


def main() -> int:
    iso_json, locale_dir, out = sys.argv[1:4]
    with open(iso_json, encoding="utf-8") as f:
        entries = json.load(f)["3166-1"]
    translators = {}
    for lang, candidates in LANGS.items():
        translators[lang] = gettext.translation("iso_3166-1", locale_dir, languages=candidates, fallback=True)
    countries = []
    for e in entries:
        english = e.get("common_name") or e["name"]
        item = {"code": e["alpha_2"], "enTxt": english}
        for lang, t in translators.items():
            # Translate the same string that was chosen for English; fall back to the formal name's
            # translation, then to English.
            text = t.gettext(english)
            if text == english and "common_name" in e:
                text = t.gettext(e["name"])
            item[f"{lang}Txt"] = text
        countries.append(item)
    # Sorted as a reader expects: accents do not move a name ("Åland Islands" is among the A's).
    def collation_key(c):
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", c["enTxt"]) if not unicodedata.combining(ch))
        return (plain.casefold(), c["code"])

    countries.sort(key=collation_key)
    if len(countries) < 240 or len({c["code"] for c in countries}) != len(countries):
        print("gen_countries: unexpected iso-codes data", file=sys.stderr)
        return 1
    with open(out, "w", encoding="utf-8") as f:
        json.dump(countries, f, ensure_ascii=False, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
