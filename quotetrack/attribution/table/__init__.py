"""An article's name table: every way a person or organisation appears in it.

Built once per article, before any quote is attributed, then only read (in the spirit of BBC
Citron's in-document name table, extended with titles, roles and acronyms). Full names,
surnames, titles, handles and acronyms map to one entry; the sieves look entries up and
never change them, so the attribution of one quote cannot rename the speaker of another.

One job a module, from the bottom up:

- `entry.py`: one person or organisation (`Entry`), and the keys its names are read by;
- `indexes.py`: the people by surname, first word, misspelt surname and fuller name, so that
  a look-up reads the few people who may answer;
- `reading.py`: what the text says, read into the table (tagged and untagged names, titles,
  acronyms, genders);
- `merging.py`: the merges that end the build ("Ahern" joins "Bertie Ahern");
- `name_table.py`: the table (`NameTable`): registering a name, freezing, the look-ups.
"""

from .entry import Entry, named_last
from .name_table import NameTable

__all__ = ["Entry", "NameTable", "named_last"]
