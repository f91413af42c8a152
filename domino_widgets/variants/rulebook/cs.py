"""Pravidla v češtině (data pro `domino_widgets.variants.rulebook`)."""

TITLE = "Pravidla her balíčku domino_widgets"

INTRO = """
Podle těchto pravidel balíček hraje. Každé pravidlo má označení (`BLK-3`, `A5-7`, ...); testy,
lekce i ovládací prvky v sešitech uvádějí označení pravidel, která kontrolují nebo zobrazují.
Hry pocházejí ze dvou výchozích textů: z českého listu s pravidly (Slepá ulička, Domino se
zálohou, Matador, Bergen, Jedenadvacet, Sólo domino) a z řeckého (Draw Dominoes a Όλα 5).

U každého pravidla je uvedeno, odkud pochází:

- **[S]** stojí přímo ve výchozím textu;
- **[R]** je to náš *výklad*: věta výchozího textu je dvojznačná, odporuje si nebo je useknutá;
  výchozí nastavení odpovídá našemu výkladu a druhý výklad zapíná *volba podle předlohy*
  (parametr varianty);
- **[A]** je *doplněné*: výchozí text o věci mlčí, a tak se držíme obvyklé praxe nebo vlastní
  volby. To jsou domácí pravidla; jejich úplný seznam je na konci i s tím, co lze změnit.

Pokud pravidlo neříká jinak, hraje se se sadou do šestek: 28 kamenů, každá dvojice čísel 0 až 6
právě jednou, celkem 168 ok. *Hodnota* kamene je jeho počet ok; *součet* ruky je součet hodnot
jejích kamenů. Volby se zadávají jako parametry, např. `dw.new_game("all_fives", scoring="draw")`;
`dw.rules("all_fives", lang="cs")` ukáže pravidla jedné hry přímo v sešitu.
"""

LABELS = {
    "stop": "Ukončit kolo",  # SOL-3 seed option: the solitaire widget's button
    "panel": "Pravidla této hry",
    "cross_blocked": "Kříž kolem 6-6 už nejde dokončit: rozdalo se méně šestek, než kolik potřebují jeho "
                     "volné strany, a tak se hra zablokovala v první fázi (BRG-1, BRG-3).",
    "source": "Předloha říká",
    "why": "Proč ji čteme takto",
    "option": "Volba",
    "options": "Platné nastavení",
    "house": "Domácí pravidla",
    "legend": "[S] stojí v předloze · [R] náš výklad, druhý výklad je volba podle předlohy · "
              "[A] doplněno, kde předloha mlčí · ✎ změněno proti výchozímu nastavení",
}


# The seed options as the rules panel offers them (widgets/rules_panel.py SEED_OPTIONS)
OPTION_VALUES = {
    ('scoring', 'fives'): 'Konec hry: zaokrouhlený rozdíl, partie do 150 (A5-5, A5-6)',
    ('scoring', 'draw'): 'Konec hry jako v řeckém dominu s dobíráním, partie do 50 (A5-7)',
    ('matador_optional', False): 'Matador se musí přiložit, když nic jiného nejde (MAT-4)',
    ('matador_optional', True): 'Matador se smí přiložit, nebo hráč dobírá (MAT-4)',
    ('rounds', False): 'Každý si bere kameny, pak stojí (T21-2)',
    ('rounds', True): 'Hraje se na kola: každý jeden kámen, nebo pas (T21-2)',
    ('may_stop', False): 'V kole se přiloží vše, co jde (SOL-3)',
    ('may_stop', True): 'Kolo lze ukončit dříve (SOL-3)',
}

SECTIONS = {
    "COM": ("Společné pojmy", "Platí pro všechny hry, v nichž se kameny přikládají do společné řady."),
    "BLK": ("Slepá ulička", "Česká předloha: „Slepá ulička“. Hraje se bez zálohy."),
    "DCZ": ("Domino se zálohou", "Česká předloha: „Domino se zálohou“. Prázdná ruka vyhrává, až když "
            "je záloha vybraná."),
    "DRW": ("Řecké domino s dobíráním", "Řecká předloha: Draw Dominoes. Začíná nejvyšší dublet; boduje "
            "rozdíl součtů."),
    "A5": ("Všechny pětky (Muggins)", "Řecká předloha: „Όλα 5“. Domino s dobíráním a s točnou; boduje každý "
           "tah, po kterém je součet volných konců násobkem pěti."),
    "MAT": ("Matador", "Česká předloha. Dotýkající se poloviny dávají dohromady 7; matadory jdou kamkoli."),
    "BRG": ("Bergen (Sebastopol s bankem)", "Hra, kterou česká předloha nazývá Bergen: kříž kolem dubletu "
            "6-6 a bank pro první dva, kdo se zbaví kamenů."),
    "T21": ("Jedenadvacet", "Česká předloha: „Jedenadvacet“. Berte kameny a přibližte se 21."),
    "SOL": ("Sólo domino", "Česká předloha: „Sólo domino“. Jeden hráč, jedna řada, doplňování po kolech."),
}

RULES = {
    "COM-1": "*Řada* je sled kamenů, v němž se dotýkající poloviny musí shodovat podle pravidla dané hry. "
             "Řada bez točny má právě dva volné konce.",
    "COM-2": "Dublet se klade napříč. Pokud není točnou, nic nemění: jeho volný konec ukazuje jeho číslo "
             "jednou.",
    "COM-3": "*Točna* je dublet, k němuž lze přikládat ze všech čtyř stran; jeho dvě dlouhé strany se "
             "otevřou, až když obě krátké strany nesou kámen.",
    "COM-4": "Kdo může přiložit, musí přiložit: dobírat ani stát dobrovolně nelze.",
    "COM-5": "*Dobírání*: ve hře se zálohou hráč, který nemůže přiložit, dobírá po jednom kameni, dokud "
             "nedobere kámen, který se hodí, a ten hned přiloží; dojde-li záloha dřív, stojí. Všichni vidí, "
             "kolik kamenů dobral a co ukazovaly konce.",
    "COM-6": "*Zablokovaná hra*: nikdo nemůže přiložit ani dobrat. Hra končí.",
    "COM-7": "Každý náhodný krok (míchání, rozdání, dobírání, odložené kameny) pochází z jednoho zdroje "
             "náhody se zadaným semínkem, takže stejné semínko přehraje stejnou hru přesně.",
    "COM-8": "Hodí-li se kámen na více konců, vybírá hráč konec; hodí-li se na týž konec dvěma způsoby "
             "(Matador), vybírá, která polovina se dotýká.",
    "BLK-1": "Dva hráči. Kameny se zamíchají lícem dolů; každý si vezme 7; zbylých 14 zůstává mimo hru "
             "a nikdo je nevidí.",
    "BLK-2": "Kdo začíná první hru, určí los; začít lze libovolným kamenem. V dalších hrách zápasu se "
             "hráči v začínání střídají.",
    "BLK-3": "Hráči se střídají a přikládají podle COM-1, COM-2 a COM-4; kdo nemůže přiložit, řekne „DÁL“.",
    "BLK-4": "Kdo přiloží poslední kámen, ukončí hru („DOMINO“) a připíše si oka, která zbyla soupeři.",
    "BLK-5": "Zablokuje-li se hra, oba ukážou kameny a nižší součet získá celý součet soupeře. Při "
             "shodných součtech nezíská nikdo nic [A]. Volba [A]: vítěz získá jen rozdíl.",
    "BLK-6": "Zápas se hraje do předem domluveného počtu bodů (výchozí 100; 50 nebo jiné číslo). Vyhrává, "
             "kdo ho dosáhne první.",
    "DCZ-1": "Dva hráči, každý 7 kamenů, 14 v záloze. Kdo začíná, určí los; začít lze libovolným kamenem "
             "a v dalších hrách se začínající střídají.",
    "DCZ-2": "Hraje se jako v BLK-3, s dobíráním podle COM-5.",
    "DCZ-3": "Hráč s prázdnou rukou nevyhrál, dokud je v záloze nějaký kámen: na tahu dobírá jako každý, "
             "kdo nemůže přiložit.",
    "DCZ-4": "Hra končí v okamžiku, kdy je záloha prázdná a některý hráč nemá žádný kámen: ten vyhrál "
             "(i když poslední kámen dobral soupeř).",
    "DCZ-5": "Jinak se po vybrání zálohy hraje dál jako slepá ulička; zablokovanou hru vyhrává nižší "
             "součet, při shodě je hra nerozhodná.",
    "DCZ-6": "Body se nepřenášejí: zápas počítá vyhrané hry (kdo první vyhraje 5). Volba: obvyklé pravidlo, "
             "kdy hra končí hned, jakmile hráč přiloží poslední kámen.",
    "DRW-1": "Dva hráči, každý 7 kamenů; zbytek je záloha.",
    "DRW-2": "Kdo má nejvyšší dublet, ten ho automaticky vynese. Nebyl-li rozdán žádný dublet "
             "(pravděpodobnost 1/345), všechny kameny se zamíchají a rozdají znovu. Tak začíná každá hra.",
    "DRW-3": "Hraje se jako v BLK-3 s dobíráním podle COM-5; dobraný kámen, který se hodí, se hned přiloží.",
    "DRW-4": "Hra končí, když hráč přiloží poslední kámen, nebo když se zablokuje.",
    "DRW-5": "Hráč s nižším součtem získá rozdíl obou součtů (při shodě nikdo nic). Kdo dohraje proti "
             "kamenům 4-4 a 0-3, získá 11.",
    "DRW-6": "Zápas se hraje do 50 bodů (nebo do jiného počtu); kdo je dosáhne první, „bere bank“.",
    "DRW-7": "Kameny, které může člověk přiložit, jsou zvýrazněné.",
    "A5-1": "Rozdání, výnos (DRW-2), dobírání i konec hry jsou jako v řeckém dominu s dobíráním.",
    "A5-2": "První dublet hry (podle DRW-2 je to vždy výnos) je točna (COM-3); žádný další dublet točnou "
            "není.",
    "A5-3": "Po každém přiložení se sečtou volné konce. Dublet položený napříč na konci ramene se počítá "
            "oběma polovinami (5-5 za 10). Točna se počítá oběma polovinami, dokud je koncem, tedy dokud "
            "nese kámen nejvýš jedna její krátká strana (sama na stole dá 5-5 deset, ne dvacet); jakmile "
            "nesou kámen obě krátké strany, nepočítá se, a prázdná dlouhá strana se nepočítá také.",
    "A5-4": "Je-li ten součet kladný násobek 5, hráč, který právě přiložil, si ho hned připíše. Výnos 5-5 "
            "dá 10; pak 5-0 na jednu stranu dá 0 + 10 = 10 a boduje; pak 5-3 na druhou stranu dá "
            "0 + 3 = 3 a neboduje.",
    "A5-5": "Konec hry: rozdíl součtů zaokrouhlený na nejbližší násobek 5 (zbytek 1 nebo 2 dolů, 3 nebo 4 "
            "nahoru) získá hráč s nižším součtem.",
    "A5-6": "Zápas se hraje do 150 (nebo 61, 100, 200, 250, libovolně). Kdo tuto hranici dosáhne první, "
            "vyhrál hned, i uprostřed hry.",
    "A5-7": "Konec hry a cíl zápasu se řídí A5-5 a A5-6. **Volba podle předlohy** `scoring=\"draw\"`: konec "
            "hry se počítá jako v DRW-5 (prostý rozdíl, bez zaokrouhlení) a zápas se hraje do 50 jako v "
            "DRW-6; body za přiložení (A5-3, A5-4) zůstávají.",
    "MAT-1": "Dva hráči. Před každou hrou se 3 kameny lícem dolů odloží a nikdo je nevidí. Kdo začíná, "
             "určí los; každý si vezme 3 kameny; zbylých 19 tvoří zálohu.",
    "MAT-2": "Začínající položí libovolný kámen. Potom lze kámen přiložit jen tak, aby dotýkající se "
             "poloviny dávaly dohromady 7 (k šestce jednička, k pětce dvojka, ...; k prázdné polovině nic "
             "obyčejného).",
    "MAT-3": "Matadory jsou 0-0, 6-1, 5-2 a 4-3. Hráč, který nemá obyčejný tah, ale má matador, ho smí "
             "přiložit na kterýkoli konec kteroukoli polovinou; další hráč musí opět doplnit do 7 k jeho "
             "volné polovině (nebo za stejných podmínek přiložit matador). Volba: matadory kdykoli.",
    "MAT-4": "Hráč bez obyčejného tahu i bez matadoru dobírá, dokud nemůže přiložit (COM-5); je-li záloha "
             "prázdná, stojí. Hráč s matadorem, ale bez obyčejného tahu, ho musí přiložit. **Volba podle "
             "předlohy** `matador_optional=True`: smí ho přiložit, nebo místo toho dobírat (COM-5).",
    "MAT-5": "Vítězí se jako v DCZ-3/DCZ-4: prázdná ruka vyhrává, až když je záloha vybraná; "
             "zablokovanou hru vyhrává nižší součet, při shodě je nerozhodná; zápas počítá vyhrané hry "
             "(do 5). Volba `standard=True`: hra končí, když hráč přiloží poslední kámen, ten získá součet "
             "soupeře a zápas se hraje do 100.",
    "BRG-1": "Výchozí jsou čtyři hráči (volby: 2 nebo 3). Každý vloží jeden vklad do banku a vezme si 7 "
             "kamenů (při 2 nebo 3 hráčích je zbytek mimo hru). Nemá-li nikdo 6-6, rozdává se znovu.",
    "BRG-2": "Kdo má 6-6, položí ho doprostřed. Hraje se po směru hodinových ručiček (podle pořadí míst).",
    "BRG-3": "První fáze: dokud 6-6 nenese kámen na všech čtyřech stranách, lze přiložit jen kámen se "
             "šestkou na volnou stranu dubletu 6-6. Kdo nemůže, stojí.",
    "BRG-4": "Druhá fáze: přikládá se na volný konec kteréhokoli ze čtyř ramen podle obvyklých pravidel. "
             "Dublety v ramenech leží napříč a nevětví se. Kdo nemůže, stojí.",
    "BRG-5": "Kdo se první zbaví kamenů, bere tři čtvrtiny banku, druhý zbytek; ostatní nic. Zablokuje-li "
             "se hra (i v první fázi), bere tři čtvrtiny nejnižší součet a zbytek druhý nejnižší; zablokuje-li "
             "se poté, co už jeden hráč dohrál, bere zbytek nejnižší součet ze zbylých. Hráči, kteří se dělí "
             "o místo, se rovným dílem dělí o to, co ta místa vyplácejí. Při 2 hráčích je výchozí 3/4 a 1/4; "
             "volba: vítěz bere vše.",
    "BRG-6": "Podíly na banku jsou přesné zlomky; zápas má daný počet kol a jeho výsledkem je tabulka "
             "výher.",
    "BRG-7": "Obvyklý Bergen (jiná hra) to není; může se později přidat jako `bergen_standard`.",
    "T21-1": "Dva až čtyři hráči. Podle pořadí si každý vezme 2 kameny lícem dolů a podívá se na ně.",
    "T21-2": "Na tahu si hráč bere kameny z talonu po jednom, dokud chce, pak stojí. Přes 21 je přetaženo: "
             "nemůže vyhrát. **Volba podle předlohy** `rounds=True`: tahy jdou dokola podle pořadí; na tahu "
             "si hráč vezme jeden kámen, nebo stojí; kdo stál, smí si vzít v dalším kole; přetažení hráči "
             "vypadávají; hra končí, když celé kolo nikdo nic nevezme, nebo když dojde talon.",
    "T21-3": "Když všichni stojí, všichni ukážou kameny. Přesně 21 vyhrává; jinak nejvyšší součet, který "
             "nepřesahuje 21. Vítězové se shodným součtem se o výhru dělí; jsou-li všichni přetažení, "
             "nevyhraje nikdo.",
    "T21-4": "Už dva kameny mohou být přetažené (6-6 s 6-5, 6-4 nebo 5-5): pravděpodobnost 1/126.",
    "SOL-1": "Jeden hráč. Zamíchá a otočí 5 kamenů lícem nahoru.",
    "SOL-2": "Jeden z pěti zvolí za základ řady.",
    "SOL-3": "Kolo: přikládejte kameny z ruky na kterýkoli konec podle obvyklé shody, dokud se žádný "
             "nehodí; pak doberte z talonu tolik kamenů, kolik jste v kole přiložili (v prvním kole se "
             "počítá i základ), a otočte je lícem nahoru. **Volba podle předlohy** `may_stop=True`: hráč "
             "smí kolo ukončit dřív („stop“), jakmile v něm přiložil aspoň jeden kámen.",
    "SOL-4": "Vyhráváte, když je všech 28 kamenů na stole. Prohráváte, když kolo nepřiloží nic (v ruce "
             "jsou kameny a žádný se nehodí), i hned po doplnění.",
    "SOL-5": "Nemůže-li talon doplnit ruku úplně, vezměte, co zbylo, a hrajte s menší rukou.",
}

READINGS = {
    "A5-7": ("řecký text říká, že se hra „hraje jako Draw Dominoes“, a končí dřív, než popíše počítání "
             "na konci hry a cíl zápasu.",
             "zaokrouhlování na pětky a cíl 150 odpovídají tomu, jak se Všechny pětky obvykle hrají; "
             "„jako Draw Dominoes“ může znamenat i prostý rozdíl a cíl 50, což dává volba."),
    "MAT-4": ("hráč s matadorem „může jej přiložit“ a dobírání je popsáno jen pro hráče, který nemá ani "
              "obyčejný tah, ani matador.",
              "„může“ čteme jako svolení porušit pravidlo sedmi, ne jako svolení dobírat: pravidlo COM-4 "
              "(kdo může přiložit, musí) platí pro matador jako pro každý jiný tah."),
    "MAT-5": ("vítězí ten, kdo „po vybrání zálohy“ první nemá žádný kámen.",
              "výchozí nastavení drží slova předlohy (jako DCZ-3/DCZ-4); volba je obvyklé pravidlo Matadoru."),
    "BRG-1": ("nadpis uvádí 2 až 3 hráče, ale text o banku („zbývající dva nedostanou nic“) počítá se čtyřmi.",
              "pravidlo o banku dává smysl jen se čtyřmi, proto jsou výchozí čtyři. Při 2 nebo 3 hráčích "
              "jsou nerozdané kameny mimo hru a kříž často nejde dokončit: je-li 6-6 rozdán, dokončí se s "
              "pravděpodobností 593/2070 ≈ 28,6 % při 2 hráčích a 83011/98670 ≈ 84,1 % při 3. Tak hra podle "
              "předlohy vypadá; ovládací prvek na to upozorní, když k tomu dojde."),
    "T21-2": ("každý si bere kameny, „dokud chce“, a hráči odkrývají, „když už nikdo nechce další kámen“.",
              "první věta popisuje tah jednoho hráče, jako v kartách, a druhá k tomu sedí. Volba bere druhou "
              "větu doslova: po jednom kameni, kolo za kolem. Přesné šance hráče, který stojí na k, jsou v "
              "obou případech stejné; hráč s optimálním zastavením pro kola neplatí a řekne to."),
    "SOL-3": ("„přiložte jich co nejvíc“, jako rada.",
              "rada není pravidlo, ale přikládat, dokud se něco hodí, je přirozený výklad a hra zůstává "
              "hádankou o pořadí tahů. Přesný výpočet s nejlepší hrou na sadě do dvojek ukazuje, že dřívější "
              "zastavení pomáhá: vyhraje se 29/30 rozdání místo 19/30 (tři kameny lícem nahoru)."),
}

HOUSE_INTRO = """
O těchto věcech předlohy mlčí nebo nechávají otevřené shody. Jsou to naše rozhodnutí; kde je
uveden parametr, může je učitel změnit (např. `dw.new_game("block", blocked_scoring="difference")`
nebo v nastavení hry v sešitu).
"""

HOUSE = [
    ("COM-4", "Kdo může přiložit, musí; nikdo nedobírá ani nestojí dobrovolně."),
    ("COM-7", "Každá hra má semínko a dá se přesně přehrát."),
    ("COM-8", "Hodí-li se kámen víc způsoby, vybírá hráč konec (v Matadoru i dotýkající se polovinu)."),
    ("BLK-5", "Zablokovaná hra se shodnými součty: nikdo nic. Vítěz zablokované hry získá součet soupeře, "
              "nebo jen rozdíl."),
    ("BLK-6", "Zápas do 100 bodů."),
    ("DCZ-5", "Zablokovaná hra se shodnými součty: nerozhodně."),
    ("DCZ-6", "Zápas počítá vyhrané hry, do 5; nebo obvyklé pravidlo, kdy poslední kámen končí hru."),
    ("DRW-5", "Shodné součty: nikdo nic."),
    ("DRW-6", "Zápas do 50 bodů."),
    ("A5-5", "Rozdíl na konci hry se zaokrouhluje na pětky (1, 2 dolů; 3, 4 nahoru)."),
    ("A5-6", "Zápas do 150, vyhraný hned po dosažení, i uprostřed hry."),
    ("A5-7", "Konec hry a cíl jako v dominu s dobíráním (volba podle předlohy)."),
    ("MAT-3", "Matadory jen tehdy, když se nehodí žádný obyčejný tah; nebo kdykoli."),
    ("MAT-4", "Matador se musí přiložit, je-li jediným tahem; nebo smí hráč místo toho dobírat (volba podle "
              "předlohy)."),
    ("MAT-5", "Zablokovaná hra se shodnými součty: nerozhodně. Zápas do 5 vyhraných her; nebo obvyklé "
              "pravidlo do 100 bodů."),
    ("BRG-1", "Čtyři hráči; 2 nebo 3, jak připouští nadpis předlohy."),
    ("BRG-5", "Hráči, kteří se dělí o místo, se rovným dílem dělí o to, co ta místa vyplácejí. Dva hráči: "
              "3/4 a 1/4, nebo vítěz bere vše."),
    ("BRG-6", "Přesné zlomky banku; zápas o 4 kolech."),
    ("T21-2", "Každý hraje svůj tah, dokud nestojí; nebo po jednom kameni v kolech (volba podle předlohy)."),
    ("T21-3", "Vítězové se shodným součtem se dělí; všichni přetažení: nevyhraje nikdo."),
    ("SOL-3", "Přikládat, dokud se něco hodí; nebo zastavit dřív (volba podle předlohy)."),
    ("SOL-5", "Krátký talon doplní, co může; hraje se dál s menší rukou."),
]
