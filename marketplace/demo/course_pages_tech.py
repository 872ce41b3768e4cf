"""The course pages of the demo catalog's tech courses (courses_tech.py); see course_pages."""

from __future__ import annotations

from marketplace.demo.records import DemoCoursePage as P

TECH_PAGES: dict[str, P] = {
    "Python Programming for Absolute Beginners": P(
        subtitle="Write real programs from day one: a budget tracker, a JAMB score calculator and a quiz game",
        learn=(
            "Install Python and VS Code and run your first program on Windows or Mac",
            "Store and change data with variables, strings, numbers, lists and dictionaries",
            "Make decisions and repeat work with if statements and for and while loops",
            "Organise your code into functions and handle errors with try and except",
            "Read and write files to save a monthly budget between runs",
            "Find and fix bugs with print debugging and the VS Code debugger",
        ),
        requirements=(
            "A laptop or desktop computer (Windows, Mac or Linux); a phone is not enough for the projects",
            "No programming experience: we start from the very first line",
        ),
        audience=(
            "Complete beginners who want to learn to code",
            "Students and graduates preparing for a tech career",
            "Office workers who want to automate boring spreadsheet tasks",
        ),
    ),
    "Build Web APIs with FastAPI and PostgreSQL": P(
        subtitle="Design, test and deploy a school fees payment API the way professional teams do",
        learn=(
            "Build REST endpoints with FastAPI and validate every request with Pydantic models",
            "Model students and fees in PostgreSQL with SQLModel and evolve the schema with Alembic",
            "Hash passwords, issue JWT logins and protect routes with dependencies",
            "Add pagination, filtering and clean error responses that front-end developers love",
            "Test the whole API with pytest and deploy it to a Linux server",
        ),
        requirements=(
            "Comfortable with Python basics: functions, classes and dictionaries",
            "A computer that can run Python 3.11 and PostgreSQL (free to install)",
        ),
        audience=(
            "Python developers moving into back-end web development",
            "Front-end developers who want to build their own APIs",
        ),
    ),
    "Django for Professionals: Build a Marketplace": P(
        subtitle="Custom users, Paystack payments, background jobs and Docker deployment in one real project",
        learn=(
            "Structure a large Django project with a custom user model from day one",
            "Accept card payments with Paystack and verify them safely with webhooks",
            "Run background jobs with Celery and Redis for receipts and reports",
            "Speed up pages with caching and PostgreSQL full-text search",
            "Deploy with Docker and Nginx, with a security checklist before launch",
        ),
        requirements=(
            "You have built at least one small Django app (the official tutorial is enough)",
            "Basic command line skills and Git",
            "Docker Desktop installed, or willingness to install it in lesson 20",
        ),
        audience=(
            "Junior Django developers ready for production-grade work",
            "Freelancers who build online shops for clients",
        ),
    ),
    "JavaScript Essentials: From Zero to Interactive Websites": P(
        subtitle="Make web pages respond to clicks, forms and data with modern JavaScript",
        learn=(
            "Write modern JavaScript: variables, functions, arrays, objects and arrow functions",
            "Change a page with the DOM: add, remove and update elements on a click",
            "Validate forms before they are sent and show helpful error messages",
            "Fetch live data from an API with fetch, async and await",
            "Build a to-do list and a currency converter you can show employers",
        ),
        requirements=(
            "Basic HTML and CSS (you can build a simple page)",
            "A computer with a modern browser such as Chrome or Firefox",
        ),
        audience=(
            "Beginners who know HTML and CSS and want to add interactivity",
            "Aspiring front-end developers preparing for React",
        ),
    ),
    "HTML and CSS: Build Your First Responsive Website": P(
        subtitle="Build and publish a business website that looks great on phones and laptops",
        learn=(
            "Structure pages with semantic HTML that search engines and screen readers understand",
            "Style text, colours and spacing with CSS and reusable classes",
            "Lay out pages with Flexbox and CSS Grid",
            "Make every page responsive with media queries, phone first",
            "Publish your site for free on GitHub Pages or Netlify",
        ),
        requirements=(
            "A computer with internet access; no coding experience needed",
            "A free code editor such as VS Code (installation is shown)",
        ),
        audience=(
            "Complete beginners curious about web design",
            "Small business owners who want to build their own website",
            "Students starting a path to front-end development",
        ),
    ),
    "React for Beginners: Build a Shopping App": P(
        subtitle="Components, state and hooks explained through a complete shopping cart app",
        learn=(
            "Think in components and pass data with props",
            "Manage state with useState and side effects with useEffect",
            "Load products from an API and show loading and error states",
            "Build a shopping cart with context and local storage",
            "Add pages with React Router and deploy the finished app",
        ),
        requirements=(
            "JavaScript basics: functions, arrays, objects and fetch",
            "Node.js installed on your computer (we show how)",
        ),
        audience=(
            "JavaScript developers taking their first step into React",
            "Bootcamp students who want a portfolio project",
        ),
    ),
    "Linux Command Line for Developers": P(
        subtitle="Stop fearing the terminal: navigate, automate and manage servers with confidence",
        learn=(
            "Move around the file system and manage files with confidence",
            "Understand users, permissions and sudo without breaking anything",
            "Search text and logs with grep, pipes and redirection",
            "Write small Bash scripts to automate repetitive work",
            "Connect to remote servers with SSH keys and manage running services",
        ),
        requirements=(
            "A computer running Linux, macOS, or Windows with WSL (setup shown)",
            "No prior command line experience",
        ),
        audience=(
            "Developers who deploy to Linux servers",
            "Students preparing for DevOps and cloud roles",
        ),
    ),
    "Docker and Kubernetes: Deploy Real Applications": P(
        subtitle="Package any app into containers and run it reliably on a Kubernetes cluster",
        learn=(
            "Write efficient Dockerfiles and build small, secure images",
            "Run multi-container apps locally with Docker Compose",
            "Deploy to Kubernetes with Deployments, Services and Ingress",
            "Manage configuration and secrets without hard-coding them",
            "Roll out updates with zero downtime and roll back when things go wrong",
        ),
        requirements=(
            "Comfortable on the Linux command line",
            "You have built a web app in any language",
            "A computer with at least 8 GB of RAM for a local cluster",
        ),
        audience=(
            "Back-end developers who want to own their deployments",
            "System administrators moving into DevOps",
        ),
    ),
    "AWS Cloud Practitioner Exam Prep": P(
        subtitle="Everything on the CLF-C02 exam, with practice questions and exam-day strategy",
        learn=(
            "Explain the core AWS services: EC2, S3, RDS, Lambda and VPC",
            "Understand the shared responsibility model and AWS security basics",
            "Read AWS pricing and estimate a monthly bill before you build",
            "Answer exam-style questions with confidence under time pressure",
        ),
        requirements=(
            "No cloud experience needed; basic computer literacy is enough",
            "A free AWS account for the hands-on demos (a debit card is needed to sign up)",
        ),
        audience=(
            "Anyone preparing for the AWS Certified Cloud Practitioner exam",
            "Sales, finance and project staff who work with cloud teams",
        ),
    ),
    "Git and GitHub: Work Like a Professional Team": P(
        subtitle="Branches, pull requests and clean history, the way real teams ship code",
        learn=(
            "Track changes with commits you and your teammates can understand",
            "Work on features in branches and merge them without fear",
            "Resolve merge conflicts calmly, step by step",
            "Review code with pull requests on GitHub",
            "Undo mistakes safely with revert, reset and the reflog",
        ),
        requirements=(
            "You have written some code in any language",
            "A free GitHub account",
        ),
        audience=(
            "Self-taught developers about to join their first team",
            "Students who want a GitHub profile employers take seriously",
        ),
    ),
    "Python for Data Analysis with Pandas": P(
        subtitle="Clean, analyse and chart real Nigerian business data with Pandas",
        learn=(
            "Load data from CSV and Excel files into Pandas DataFrames",
            "Clean messy data: missing values, wrong types and duplicates",
            "Group, pivot and merge tables to answer business questions",
            "Work with dates to find monthly and seasonal trends",
            "Chart your findings with Matplotlib and share them in a report",
        ),
        requirements=(
            "Python basics: variables, lists, loops and functions",
            "A computer that can run Jupyter notebooks (free, setup shown)",
        ),
        audience=(
            "Excel users ready for bigger data",
            "Aspiring data analysts building a portfolio",
        ),
    ),
    "Excel for Business Analysis: Formulas to Dashboards": P(
        subtitle="From VLOOKUP to PivotTables and dashboards your manager will actually use",
        learn=(
            "Use the formulas analysts rely on: XLOOKUP, SUMIFS, IF and INDEX MATCH",
            "Clean and shape data with Power Query instead of copying and pasting",
            "Summarise thousands of rows with PivotTables in seconds",
            "Build an interactive sales dashboard with charts and slicers",
        ),
        requirements=(
            "Microsoft Excel 2016 or later, or Microsoft 365",
            "Basic familiarity with opening and saving spreadsheets",
        ),
        audience=(
            "Accountants, sales and operations staff who live in spreadsheets",
            "Job seekers who want a practical skill for their CV",
        ),
    ),
    "SQL for Data Analysts": P(
        subtitle="Answer business questions straight from the database, from SELECT to window functions",
        learn=(
            "Query tables with SELECT, WHERE, ORDER BY and LIMIT",
            "Combine tables with inner and left joins",
            "Summarise data with GROUP BY, HAVING and aggregate functions",
            "Use window functions for running totals, rankings and retention",
            "Analyse customer retention with a real case study",
        ),
        requirements=(
            "No SQL experience needed",
            "A computer where you can install PostgreSQL or use a free online editor",
        ),
        audience=(
            "Aspiring data analysts",
            "Marketers and product managers tired of waiting for reports",
        ),
    ),
    "Machine Learning with Python: From Regression to Random Forests": P(
        subtitle="Build, evaluate and explain real prediction models with scikit-learn",
        learn=(
            "Frame a business problem as a machine learning task",
            "Prepare features and split data correctly for honest results",
            "Train linear and logistic regression, decision trees and random forests",
            "Evaluate models with the right metric and avoid overfitting",
            "Explain a model's predictions to people who are not data scientists",
        ),
        requirements=(
            "Confident with Python and Pandas",
            "Secondary school maths: averages, graphs and basic algebra",
        ),
        audience=(
            "Data analysts moving into data science",
            "Developers curious about how machine learning really works",
        ),
    ),
    "Power BI Dashboards for Nigerian Businesses": P(
        subtitle="Turn sales, stock and expense data into dashboards that guide decisions",
        learn=(
            "Import and clean data from Excel, CSV and databases with Power Query",
            "Model related tables so totals are always right",
            "Write DAX measures for sales growth, margins and targets",
            "Design clear dashboards and share them with your team",
        ),
        requirements=(
            "A Windows computer for Power BI Desktop (free)",
            "Basic Excel skills",
        ),
        audience=(
            "Business owners and managers who want to see their numbers clearly",
            "Excel analysts adding Power BI to their CV",
        ),
    ),
}
