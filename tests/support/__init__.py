"""What the tests share, imported as ``tests.support.<module>`` (the benchmarks use some of it too; nothing here
imports a test module):

- ``paths``: the project's folders, the vendored test data, and ``Where`` (a test's database);
- ``fakebot``: the fake Telegram Bot API; ``harness``: the real bot started against it;
- ``games``: the people and chats of the bot tests and the commands that open their games;
  ``variant_games``: the same for the rule-set tests;
- ``program``: the ``tochki-bot`` program as a process, and a local Bot API server for it;
- ``webapp``: signed initData and the Mini App's server for the tests; ``browser``: headless Chromium;
- ``pgserver``: a throwaway PostgreSQL server; ``workers``: several bot processes behind one fake Bot API;
- ``positions``: realistic games; ``reference_rules``, ``reference_manual``: literal reference implementations
  of the rules;
- ``crash_writer``, ``job_taker``: small programs the storage and AI-job tests run as processes
  (``python -m tests.support.crash_writer``).
"""
