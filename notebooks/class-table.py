# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The class table: your students play each other on their phones
#
# Run the next cell. It starts the class table server on this computer, on the school's
# network (or a phone's hotspot), and shows what to give the class: the address, the join
# code and a QR code that holds both. Students open the address on their phones, type the
# code and their name, and sit down at the tables you open.
#
# Your own page (the link under the QR code) is where you open tables, choose the game,
# the bots for empty seats, whether students see their exact odds while they play, and
# how long a move may take before a bot plays for an absent student; where you start and
# end games; and where you download every game's save and a CSV of the results after the
# lesson. The how-to *Play with your class* in the documentation walks through a lesson.
#
# Everything is kept in one file (by default `bluffmath-class.sqlite3` in your home
# folder): if the laptop sleeps or the notebook restarts, run the cell again and every
# table goes on where it stood; the students' phones find their seats again by themselves.

# %%
from bluffmath_widgets.class_table import ClassTable

table = ClassTable()  # ClassTable(host="127.0.0.1") to try it on this computer alone
table.start()
table

# %% [markdown]
# The list of tables above redraws itself every two seconds. Press **Stop** when the
# lesson is over; nothing is lost, and starting again on the same file goes on.
